# frozen_string_literal: true

# Dumps the data of 18xx.games titles as JSON, for `18xx import`.
#
#   ruby dump.rb ENGINE_DIR OUT_DIR [TITLE ...]
#
# ENGINE_DIR is a checkout of 18xx.games' engine (the folder holding lib/engine.rb);
# a folder `shim` beside it, if any, is put first on the load path (the oracle's
# stand-in for the require_all gem). This script copies none of the engine's code:
# it loads the engine, builds a game object of each title (once per player count and
# once per optional rule) and reads its data through the game's own methods
# (game_hexes, game_tiles, game_market, ...), so data a title computes in code is
# read as the title computes it. It writes OUT_DIR/<title>.json for each title, and
# prints one JSON line per title: {"title", "file"} or {"title", "error"}.
# Without TITLE arguments every title of the engine is dumped.
require 'json'
require 'set'

engine_dir, out_dir, *wanted = ARGV
abort('usage: ruby dump.rb ENGINE_DIR (OUT_DIR | --list) [TITLE ...]') unless engine_dir && out_dir
shim = File.join(engine_dir, '..', 'shim')
$LOAD_PATH.unshift(File.expand_path(shim)) if File.directory?(shim)
$LOAD_PATH.unshift(File.expand_path(File.join(engine_dir, 'lib')))
begin
  require 'require_all'
rescue LoadError
  $LOAD_PATH.unshift(File.join(__dir__, 'rubylib'))
end
require File.join(File.expand_path(engine_dir), 'lib', 'engine')
Engine::Logger.set_level(::Logger::FATAL) if defined?(Engine::Logger)

# A JSON-able copy of a Ruby value: symbols as text, objects by name.
def plain(value, depth = 0)
  return '<deep>' if depth > 12

  case value
  when nil, true, false, Integer, String then value
  when Float then value.finite? ? value : value.to_s
  when Symbol then value.to_s
  when Array, Set then value.to_a.map { |v| plain(v, depth + 1) }
  when Hash then value.to_h { |k, v| [k.is_a?(Array) ? k.map(&:to_s).join(',') : k.to_s, plain(v, depth + 1)] }
  when Range then [plain(value.first), plain(value.last)]
  when Proc, Method then '<code>'
  when Module then value.name.to_s
  else
    value.respond_to?(:name) && value.name.is_a?(String) ? "<#{value.class.name.split('::').last}:#{value.name}>" : "<#{value.class.name}>"
  end
end

def try
  yield
rescue StandardError, NotImplementedError, NoMethodError => e
  { '_error' => "#{e.class}: #{e.message[0, 200]}" }
end

CATALOGUE = %w[WHITE YELLOW GREEN GREENBROWN BROWN BROWNGRAY BROWNSEPIA GRAY].flat_map do |c|
  next [] unless Engine::Config::Tile.const_defined?(c)

  Engine::Config::Tile.const_get(c).map { |name, code| [name, { 'color' => c.downcase, 'code' => code }] }
end.reverse.to_h

BASE = Engine::Game::Base

# Notes who draws from the game's random number generator while it is built (the
# method that called `rand`), so that the converter can keep 18xx.games' order of draws.
module DrawNotes
  def rand
    caller = caller_locations(1, 8).map(&:label).find { |l| !l.end_with?('rand') } || '?'
    (@__draws ||= []) << caller.sub(/\Ablock (\(\d+ levels\) )?in /, '')
    super
  end
end
BASE.prepend(DrawNotes)

def constants_of(klass)
  klass.constants.sort.filter_map do |c|
    value = klass.const_get(c)
    next if value.is_a?(Module)

    base = BASE.const_defined?(c) ? BASE.const_get(c) : :__none__
    [c.to_s, { 'value' => plain(value), 'changed' => base == :__none__ || base != value }]
  rescue StandardError
    nil
  end.to_h
end

def library_base(klass, prefix)
  klass.ancestors.find { |a| a.is_a?(Class) && a.name&.start_with?(prefix) }&.name
end

def own_methods(klass)
  klass.ancestors.take_while { |a| !a.name&.start_with?('Engine::Step::', 'Engine::Round::') }
       .flat_map { |a| a.instance_methods(false) + a.private_instance_methods(false) }.map(&:to_s).uniq.sort
end

def steps_of(round)
  round.steps.map do |s|
    { 'class' => s.class.name, 'base' => library_base(s.class, 'Engine::Step::'), 'methods' => own_methods(s.class) }
  end
end

def round_of(round)
  order = %w[reverse_order snake_order rotating_order].select { |o| round.instance_variable_get("@#{o}") }
  { 'class' => round.class.name, 'base' => library_base(round.class, 'Engine::Round::'),
    'methods' => own_methods(round.class), 'steps' => steps_of(round), 'order' => order }
end

def rounds_of(game)
  rounds = {}
  rounds['initial'] = round_of(game.round) if game.round
  rounds['stock'] = try { round_of(game.send(:stock_round)) }
  rounds['operating'] = try { round_of(game.send(:operating_round, 1)) }
  rounds
end

def abilities_of(entity)
  entity.all_abilities.map do |a|
    a.instance_variables.to_h { |iv| [iv.to_s.delete('@'), plain(a.instance_variable_get(iv))] }
       .reject { |k, _| %w[owner game].include?(k) }.merge('class' => a.class.name)
  end
rescue StandardError
  []
end

def build_data(game)
  hexes = try do
    game.send(:optional_hexes).flat_map do |color, by_coords|
      by_coords.map do |coords, code|
        code = CATALOGUE[code]['code'] if code.is_a?(String) && !code.include?('=') && CATALOGUE[code]
        { 'color' => color.to_s, 'coords' => Array(coords), 'code' => code }
      end
    end
  end
  coords = hexes.is_a?(Array) ? hexes.flat_map { |h| h['coords'] } : []
  names = coords.to_h { |c| [c, try { game.location_name(c) }] }.reject { |_, v| v.nil? || v.is_a?(Hash) }
  tiles = try { plain(game.send(:game_tiles)) }
  used = tiles.is_a?(Hash) ? tiles.keys : []
  companies = game.companies.map do |c|
    { 'sym' => c.sym, 'name' => c.name, 'value' => c.value, 'revenue' => c.revenue, 'desc' => c.desc,
      'min_price' => try { c.min_price }, 'max_price' => try { c.max_price }, 'abilities' => abilities_of(c),
      'color' => try { c.color }.then { |v| v.is_a?(Hash) ? nil : plain(v) }, 'type' => plain(try { c.type }) }
  end
  {
    'players' => game.players.size,
    'layout' => plain(game.layout),
    'axes' => plain(game.axes),
    'hexes' => hexes,
    'location_names' => names,
    'tiles' => tiles,
    'tile_counts' => try do
      game.tiles.group_by(&:name).transform_values { |ts| ts.first.unlimited ? 'unlimited' : ts.size }
    end,
    'catalogue' => used.to_h { |n| [n, CATALOGUE[n]] }.compact,
    'market' => try { plain(game.send(:game_market)) },
    'phases' => try { plain(game.send(:game_phases)) },
    'trains' => try { plain(game.send(:game_trains)) },
    'game_companies' => try { plain(game.send(:game_companies)) },
    'companies' => companies,
    'corporations' => try { plain(game.send(:game_corporations)) },
    'corporation_objects' => game.corporations.map do |c|
      { 'sym' => c.name, 'name' => c.full_name, 'shares' => c.shares.map(&:percent), 'float_percent' => try { c.float_percent },
        'max_ownership_percent' => try { c.max_ownership_percent },
        'capitalization' => plain(try { c.capitalization }), 'coordinates' => plain(c.coordinates),
        'abilities' => abilities_of(c), 'type' => plain(try { c.type }),
        'carried_tokens' => try { carried_tokens(c) } }
    end,
    'minors' => try { plain(game.send(:game_minors)) },
    'minor_objects' => game.minors.map do |m|
      { 'sym' => m.name, 'abilities' => abilities_of(m), 'trains' => m.trains.map(&:name) }
    end,
    'cert_limit' => try { plain(game.send(:game_cert_limit)) },
    'cert_limit_now' => plain(try { game.cert_limit }),
    'starting_cash' => game.players.first&.cash,
    'bank_total' => game.bank.cash + game.players.sum(&:cash),
    'bank_unlimited' => try { game.unlimited_bank? },
    'game_end_check' => try { plain(game.send(:game_end_check_values)) },
    'train_counts' => try { game.depot.trains.group_by(&:name).transform_values(&:size) },
    'reserved_trains' => try do
      game.depot.trains.select do |t|
        t.owner == game.depot && !game.depot.upcoming.include?(t) && !game.depot.discarded.include?(t)
      end.map(&:name)
    end,
    'set_aside_trains' => try do
      held = game.corporations + game.minors
      game.depot.trains.select { |t| t.owner && t.owner != game.depot && !held.include?(t.owner) }.map(&:name)
    end,
    'rounds' => rounds_of(game),
    'currency' => try { game.format_currency(1234) },
    'tile_lays' => try { plain(game.tile_lays(game.corporations.first)) },
    'first_turn_lays' => try { first_turn_lays(game) },
    'players_buy_from_turn' => try { players_buy_from_turn(game) },
    'export_after_set' => try { export_after_set(game) },
    'minors_of_companies' => try { minors_of_companies(game) },
    'map_tokens' => try { map_tokens(game) },
    'multiple_buy_only_from_market' => try { game.multiple_buy_only_from_market? },
    'auction_companies' => try { auction_companies(game) },
    'lay_costs' => try { lay_costs(game) },
    'first_operating_order' => try { first_operating_order(game_for(game.class, game.players.size, game.optional_rules)) },
    'icon_lay_income' => try { icon_lay_income(game) },
  }.merge(setup_probe(game))
end

# The tokens a built game's corporation carries that are another's (a neutral station
# that becomes that corporation's once placed): their type, owner and price.
def carried_tokens(corp)
  corp.tokens.reject { |t| t.corporation == corp }.map do |t|
    { 'type' => t.type.to_s, 'owner' => t.corporation&.name, 'price' => t.price }
  end
end

# What the random setup of a built game did: the companies and corporations it removed,
# in order, the deck its first step deals from, the generator's state after it and the
# methods that drew (the converter finds the draws that give these).
def setup_probe(game)
  {
    'removals' => try { game.instance_variable_get(:@removals)&.map { |e| e.respond_to?(:sym) ? e.sym : e.name } },
    'deck' => try { deck_of(game) },
    'rand_state' => game.instance_variable_get(:@rand),
    'seed' => game.instance_variable_get(:@seed),
    'draws' => game.instance_variable_get(:@__draws) || [],
    'built_companies' => game.companies.map(&:sym),
    'stations' => try { map_tokens(game).reject { |t| t['known'] }.map { |t| t['owner'] }.uniq },
    'built_players' => game.players.size,
  }
end

# What a tile lay costs a corporation by the game's `upgrade_cost`, on a hex without
# terrain and on one with terrain (with that terrain's cost): a title may charge for every
# tile (1846's `TILE_COST`, the dearer of it and the terrain).
def lay_costs(game)
  corp = game.corporations.first
  plain = game.hexes.find { |h| h.tile.color == :white && h.tile.upgrades.empty? }
  rough = game.hexes.find { |h| h.tile.color == :white && h.tile.upgrades.sum(&:cost).positive? }
  out = {}
  out['plain'] = game.upgrade_cost(plain.tile, plain, corp, corp) if plain
  out['terrain'] = [rough.tile.upgrades.sum(&:cost), game.upgrade_cost(rough.tile, rough, corp, corp)] if rough
  out
end

# What a corporation receives for laying a yellow tile on a plain hex showing each icon
# of the map (1882's NWR hexes): in a fresh game, the first corporation with a home is
# floated and operates, and lays a plain yellow tile there through its round's own step
# (its checks off, as while a game loads); an icon is listed when the lay paid it.
def icon_lay_income(built)
  names = built.hexes.select { |h| plain_hex?(h) }.flat_map { |h| h.tile.icons.map(&:name) }.uniq
  names.each_with_object({}) do |name, out|
    gained = try { icon_lay_gain(game_for(built.class, built.players.size, built.optional_rules), name) }
    out[name] = { 'yellow' => gained } if gained.is_a?(Integer) && gained.positive?
  end
end

def plain_hex?(hex)
  t = hex.tile
  t.color == :white && t.upgrades.empty? && t.borders.empty? && t.cities.empty? && t.towns.empty? &&
    t.offboards.empty?
end

def icon_lay_gain(game, name)
  hex = game.hexes.find { |h| plain_hex?(h) && h.tile.icons.any? { |i| i.name == name } }
  tile = game.tiles.find { |t| t.color == :yellow && t.cities.empty? && t.towns.empty? && t.offboards.empty? && !t.paths.empty? }
  corp = game.corporations.find(&:coordinates)
  return nil unless hex && tile && corp

  game.stock_market.set_par(corp, game.stock_market.par_prices.first)
  corp.ipoed = true
  corp.instance_variable_set(:@floated, true)
  game.bank.spend(1000, corp)
  game.instance_variable_set(:@round, game.send(:new_operating_round))
  game.instance_variable_set(:@loading, true)
  step = game.round.steps.find { |s| s.respond_to?(:process_lay_tile) && s.actions(corp).include?('lay_tile') }
  return nil unless step && game.round.current_entity == corp

  before = corp.cash
  step.process_lay_tile(Engine::Action::LayTile.new(corp, tile: tile, hex: hex, rotation: 0))
  corp.cash - before
end

# The order a fresh game's first operating round would take two corporations started at
# the lowest and the highest par price in: `highest_first` (descending price, as usual) or
# `lowest_first` (1846). Asked of `operating_order` with both marked floated.
def first_operating_order(game)
  pars = game.stock_market.par_prices.map(&:price).uniq.sort
  corps = game.corporations.reject { |c| c.type == :minor }.first(2)
  return nil if pars.size < 2 || corps.size < 2

  low, high = corps
  game.stock_market.set_par(low, game.stock_market.par_prices.find { |p| p.price == pars.first })
  game.stock_market.set_par(high, game.stock_market.par_prices.find { |p| p.price == pars.last })
  corps.each { |c| c.instance_variable_set(:@floated, true) }
  order = game.operating_order.select { |c| corps.include?(c) }
  return nil unless order.size == 2

  order.first == low ? 'lowest_first' : 'highest_first'
end

# The cards of a fresh game's first step when it deals them from a deck (a draft's
# `companies`, in deck order, blank cards included), with each card's value and price.
def deck_of(game)
  step = game.round&.active_step
  return nil unless step.respond_to?(:companies) && step.respond_to?(:available)

  { 'cards' => step.companies.map { |c| { 'sym' => c.sym, 'value' => c.value, 'min_bid' => c.min_bid } },
    'shown' => step.available.size }
end

# The companies the game offers in its initial auction (`initial_auction_companies`, as
# the library's auction steps ask it; a step may still offer them in tiers of its own).
def auction_companies(game)
  game.initial_auction_companies.map(&:sym)
end

# The station tokens on the map of the built game, before anybody acts: hex, city
# (its place among the tile's cities), owner, token type, and whether the owner is one
# of the title's corporations or minors (neutral stations are not).
def map_tokens(game)
  companies = game.corporations + game.minors
  game.hexes.flat_map do |hex|
    hex.tile.cities.each_with_index.flat_map do |city, index|
      city.tokens.compact.map do |token|
        { 'hex' => hex.id, 'city' => index, 'owner' => token.corporation&.name, 'type' => token.type.to_s,
          'known' => companies.include?(token.corporation) }
      end
    end
  end
end

# The minors a player comes to own by buying each company in the initial round, asked
# of a fresh game's first step with the company bought there at its value (nil when
# the title has no minors or its first step buys no companies).
def minors_of_companies(game)
  return nil if game.minors.empty? || !game.round&.active_step.respond_to?(:buy_company, true)

  game.companies.reject(&:owner).to_h do |company|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    player = fresh.players.first
    player.instance_variable_set(:@cash, 1_000_000)
    bought = fresh.company_by_id(company.sym)
    owned = begin
      fresh.round.active_step.send(:buy_company, player, bought, bought.value)
      fresh.minors.select { |m| m.owner == player }.map(&:name)
    rescue StandardError, NotImplementedError
      []
    end
    [company.sym, owned]
  end.reject { |_, owned| owned.empty? }
end

# The types of train the end of a set of operating rounds exports when such a train is
# the depot's next, where a title's `or_set_finished` exports in code: asked of a fresh
# game whose depot is emptied up to the first train of each type in turn (nil when the
# title does not override it, or when the end of a set exports nothing in such games).
def export_after_set(game)
  return nil if game.method(:or_set_finished).owner == BASE

  names = game.depot.upcoming.map(&:name).uniq
  exported = names.select do |name|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    fresh.depot.upcoming.take_while { |t| t.name != name }.each { |t| fresh.remove_train(t) }
    first = fresh.depot.upcoming.first
    fresh.send(:or_set_finished)
    fresh.depot.upcoming.first != first && !fresh.depot.upcoming.include?(first)
  rescue StandardError, NotImplementedError
    false
  end
  exported.empty? ? nil : exported
end

# The first game turn in which a player may buy a company from another, asked of the
# stock round's share step with the first company a player may sell put in the second
# player's hands for the question (nil: no difference between turns 1 and 2 to tell).
def players_buy_from_turn(game)
  step = game.send(:stock_round).steps.find { |s| s.respond_to?(:purchasable_companies) }
  company = game.companies.find { |c| game.abilities(c, :no_buy).nil? }
  return nil if !step || !company || game.players.size < 2

  buyer, seller = game.players[0], game.players[1]
  owner, turn = company.owner, game.turn
  company.owner = seller
  seller.companies << company
  offered = [1, 2].map do |t|
    game.instance_variable_set(:@turn, t)
    !step.purchasable_companies(buyer).empty?
  end
  seller.companies.delete(company)
  company.owner = owner
  game.instance_variable_set(:@turn, turn)
  offered == [false, true] ? 2 : nil
end

# The tile lays of a corporation just floated, where a title keeps such corporations in
# @recently_floated (the first corporation put there for the question, then taken out).
def first_turn_lays(game)
  floated = game.instance_variable_get(:@recently_floated)
  return nil unless floated.is_a?(Array)

  corporation = game.corporations.first
  floated << corporation
  lays = plain(game.tile_lays(corporation))
  floated.delete(corporation)
  lays
end

def behaviour_of(klass)
  ancestors = klass.ancestors.take_while { |a| a != BASE }
  own = ancestors.select { |a| a.name&.start_with?('Engine::Game::') }
  methods = own.flat_map do |a|
    (a.instance_methods(false) + a.private_instance_methods(false)).map { |m| [m.to_s, a.name] }
  end
  overridden = methods.select { |m, _| BASE.method_defined?(m) || BASE.private_method_defined?(m) }
  namespace = klass.name.split('::')[0..-2].join('::')
  mod = Object.const_get(namespace)
  classes = lambda do |sub|
    next [] unless mod.const_defined?(sub, false)

    holder = mod.const_get(sub, false)
    holder.constants.map(&:to_s).sort
  end
  {
    'modules' => own.map(&:name),
    'overridden' => overridden.uniq.sort,
    'added' => (methods - overridden).uniq.sort,
    'steps' => classes.call(:Step),
    'rounds' => classes.call(:Round),
    'abilities' => classes.call(:Ability),
    'superclass' => klass.superclass.name,
  }
end

def game_for(klass, players, rules)
  names = (1..players).map { |i| i }
  klass.new(names.to_h { |i| [i, "Player #{i}"] }, id: 1, seed: 1, optional_rules: rules)
end

def meta_of(meta)
  publisher = Array(meta::GAME_PUBLISHER).map do |p|
    p.is_a?(Symbol) && defined?(Engine::Publisher::INFO) && Engine::Publisher::INFO[p] ? Engine::Publisher::INFO[p][:name] : p.to_s
  end
  {
    'title' => meta.title, 'display_title' => meta.respond_to?(:display_title) ? meta.display_title : meta.title,
    'subtitle' => meta::GAME_SUBTITLE, 'designer' => meta::GAME_DESIGNER, 'publisher' => publisher,
    'location' => meta::GAME_LOCATION, 'rules_url' => plain(meta::GAME_RULES_URL), 'info_url' => meta::GAME_INFO_URL,
    'implementer' => plain(meta::GAME_IMPLEMENTER),
    'dev_stage' => meta::DEV_STAGE.to_s, 'player_range' => meta::PLAYER_RANGE, 'variant_of' => plain(meta::GAME_IS_VARIANT_OF),
    'optional_rules' => plain(meta::OPTIONAL_RULES), 'mutex_rules' => plain(meta::MUTEX_RULES),
  }
end

def dump_title(meta)
  klass = Engine.game_by_title(meta.title)
  raise "no game class for #{meta.title}" unless klass

  low, high = meta::PLAYER_RANGE || [2, 6]
  builds = {}
  (low..high).each do |n|
    builds[n.to_s] = try { build_data(game_for(klass, n, [])) }
  end
  rule_builds = {}
  meta::OPTIONAL_RULES.each do |rule|
    counts = rule[:players] || (low..high).to_a
    n = counts.include?(high) ? high : counts.max
    n = [[n, low].max, high].min
    rule_builds[rule[:sym].to_s] = try do
      build = build_data(game_for(klass, n, [rule[:sym]])).merge('built_players' => n)
      if build['removals'].is_a?(Array) && !build['removals'].empty? || build['deck']
        # a random setup's counts differ by player count: probe every count the rule is for
        build['setup_probes'] = counts.to_h { |m| [m.to_s, try { setup_probe(game_for(klass, m, [rule[:sym]])) }] }
      end
      build
    end
  end
  {
    'meta' => meta_of(meta), 'class' => klass.name, 'constants' => constants_of(klass),
    'behaviour' => behaviour_of(klass), 'builds' => builds, 'rule_builds' => rule_builds,
  }
end

metas = Engine::GAME_META_BY_TITLE
if out_dir == '--list'
  metas.each { |title, meta| puts JSON.generate('title' => title, 'dev_stage' => meta::DEV_STAGE.to_s) }
  exit 0
end
Dir.mkdir(out_dir) unless Dir.exist?(out_dir)
titles = wanted.empty? ? metas.keys.sort : wanted
titles.each do |title|
  meta = metas[title]
  unless meta
    puts JSON.generate('title' => title, 'error' => "the engine has no title #{title}")
    next
  end
  begin
    data = dump_title(meta)
    file = File.join(out_dir, "#{title.gsub(/[^A-Za-z0-9_.-]/, '_')}.json")
    File.write(file, JSON.generate(data))
    puts JSON.generate('title' => title, 'file' => file)
  rescue StandardError, NotImplementedError, SystemStackError => e
    puts JSON.generate('title' => title, 'error' => "#{e.class}: #{e.message[0, 300]}")
  end
  $stdout.flush
end
