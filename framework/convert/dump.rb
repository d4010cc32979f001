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
        'abilities' => abilities_of(c), 'type' => plain(try { c.type }) }
    end,
    'minors' => try { plain(game.send(:game_minors)) },
    'minor_objects' => game.minors.map do |m|
      { 'sym' => m.name, 'abilities' => abilities_of(m), 'trains' => m.trains.map(&:name) }
    end,
    'cert_limit' => try { plain(game.send(:game_cert_limit)) },
    'cert_limit_now' => plain(try { game.cert_limit }),
    'percent_to_operate' => try { game.percent_to_operate },
    'dividend_holder' => try do
      dividend = game.send(:operating_round, 1).steps.find { |s| s.respond_to?(:holder_for_corporation, true) }
      corp = game.corporations.first
      holder = dividend && corp && dividend.send(:holder_for_corporation, corp)
      holder.equal?(corp) ? 'corporation' : (holder.equal?(game.share_pool) ? 'pool' : nil)
    end,
    'loan_terms' => try { { 'amount' => game.loan_value, 'interest' => game.interest_rate, 'count' => game.loans.size } },
    'capitalization_now' => plain(try { game.capitalization }),
    'destinations' => try { plain(game.instance_variable_get(:@destinations)) },
    'starting_cash' => game.players.first&.cash,
    'bank_total' => game.bank.cash + game.players.sum(&:cash),
    'bank_unlimited' => try { game.unlimited_bank? },
    'game_end_check' => try { plain(game.send(:game_end_check_values)) },
    'train_counts' => try { game.depot.trains.group_by(&:name).transform_values(&:size) },
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
    'hex_tiles' => try { hex_tiles(game) },
    'ports' => try { port_probe(game_for(game.class, game.players.size, game.optional_rules)) },
    'station_bonuses' => try { station_bonuses(game) },
    'assigned_bonuses' => try { assigned_bonuses(game) },
    'unupgradable_tiles' => try { unupgradable_tiles(game) },
  }.merge(setup_probe(game))
end

# A revenue centre of the probe: a city (stations of the route's owner or not) worth 10.
ProbeHex = Struct.new(:id) do
  def assigned?(_id) = false
end
ProbeStop = Struct.new(:owned, :groups) do
  def route_revenue(_phase, _train) = 10
  def city? = true
  def tokened_by?(_corporation) = owned
  def hex = ProbeHex.new('probe')
end
ProbePhase = Struct.new(:tiles, :name)
ProbeRoute = Struct.new(:phase, :train, :corporation)

# What the title's `revenue_for` makes of a route through a stop of each group of the
# map's revenue centres (nil when the title does not override it): the fewest stops
# such a route may have (2 to 4; nil: none is accepted), what a route of it and three
# cities worth 10 earns with two of them the owner's stations and with one (`value`: the
# stop's own value, in the colours of every phase), and what a route of three such
# cities alone earns (30, counted once each, where the override leaves such routes be);
# `overrides_base`: the title's is the only override of the engine's own. Asked of a
# fresh game, whose first train it gives to the first corporation for the question.
def port_probe(game)
  return nil if game.method(:revenue_for).owner == BASE

  phases = game.phase.phases
  phase = ProbePhase.new(phases.flat_map { |p| p[:tiles] }.uniq, phases.last[:name])
  train = game.depot.upcoming.first
  train.owner = game.corporations.first
  route = ProbeRoute.new(phase, train, train.owner)
  cities = [true, true, false, false].map { |owned| ProbeStop.new(owned, []) }
  earns = ->(stops) { game.revenue_for(route, stops) rescue nil }
  stops = game.hexes.flat_map { |hex| hex.tile.nodes.select { |n| n.respond_to?(:groups) && !n.groups.empty? } }
  by_group = stops.group_by { |n| n.groups.sort.join(',') }
  groups = by_group.to_h do |name, (stop, *)|
    fewest = (2..4).find { |n| earns.call([stop, *cities.first(n - 1)]) }
    [name, { 'fewest' => fewest, 'value' => stop.route_revenue(phase, train),
             'two_stations' => earns.call([stop, *cities.first(3)]),
             'one_station' => earns.call([stop, cities[0], cities[2], cities[3]]) }]
  end
  { 'groups' => groups, 'cities' => earns.call(cities.first(3)),
    'overrides_base' => game.method(:revenue_for).super_method&.owner == BASE }
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

# Where a title's own `upgrades_to?` gives a hex tiles of its own: for each hex with
# something printed on it (a city, town, track or label), the tiles that could lie there
# in turn (from its printed tile on, each the title accepts as an upgrade of the one
# before) are asked which tiles of the next colour the title's `upgrades_to?` and the
# engine's own accept as their upgrade. A hex where the title accepts a tile the engine
# does not, and, for every tile there of the colour before, exactly the same tiles, has
# those tiles: {"hexes" => {hex => {colour => [tile names]}}, "explained" => whether that
# is all the title's method changes (an empty hex is asked only of its first tile, and
# gets none of its own)}. Nil when the title does not override the method. Games of the
# same map are asked once.
HEX_TILES = {}

def hex_tiles(game)
  return nil if game.method(:upgrades_to?).owner == BASE

  key = [game.class.name, game.hexes.map { |h| [h.id, h.tile.name] }, game.tiles.map(&:name).uniq]
  HEX_TILES[key] ||= probe_hex_tiles(game)
end

def probe_hex_tiles(game)
  engine = BASE.instance_method(:upgrades_to?).bind(game)
  order = Engine::Tile::COLORS
  nexts = game.tiles.uniq(&:name).group_by { |t| order.index(t.color) }
  found = {}
  explained = true
  game.hexes.each do |hex|
    printed = hex.tile
    next if %i[red blue gray].include?(printed.color)

    empty = printed.cities.empty? && printed.towns.empty? && printed.paths.empty? && !printed.label
    asked = {}
    queue = [printed]
    until queue.empty?
      from = queue.shift
      next if asked.key?(from.name)

      later = nexts[order.index(from.color).to_i + 1] || []
      mine, theirs = with_hex(from, hex) do
        [later.select { |to| accepts { game.upgrades_to?(from, to) } },
         later.select { |to| accepts { engine.call(from, to) } }]
      end
      asked[from.name] = [from.color, mine.map(&:name).sort, theirs.map(&:name).sort]
      queue.concat(mine) unless empty
    end
    lists = {}
    asked.each_value do |color, mine, theirs|
      next if mine == theirs

      if empty || (mine - theirs).empty?
        explained = false
        next
      end
      (lists[order[order.index(color) + 1].to_s] ||= []) << mine
    end
    lists.each do |color, sets|
      before = order[order.index(color.to_sym) - 1]
      if asked.values.select { |c, _, _| c == before }.all? { |_, mine, _| mine == sets.first }
        (found[hex.id] ||= {})[color] = sets.first
      else
        explained = false
      end
    end
  end
  { 'hexes' => found, 'explained' => explained }
end

def with_hex(tile, hex)
  old = tile.hex
  tile.hex = hex
  yield
ensure
  tile.hex = old
end

def accepts
  yield ? true : false
rescue StandardError
  false
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

# What a corporation's own `assign_hexes` ability of one hex pays it when it places a
# station there (18AL's historical objectives): each such corporation of a fresh game
# places its next station in the hex by the title's token step, connection unchecked;
# the money it receives beyond the station's price, and whether the ability is then gone.
def station_bonuses(game)
  game.corporations.each_with_object({}) do |corp, out|
    ability = corp.all_abilities.find { |a| a.type == :assign_hexes && a.hexes.size == 1 }
    next unless ability

    fresh = game_for(game.class, game.players.size, game.optional_rules)
    c = fresh.corporation_by_id(corp.id)
    step = fresh.send(:operating_round, 1).steps.find { |s| s.is_a?(Engine::Step::Token) }
    city = fresh.hex_by_id(ability.hexes.first)&.tile&.cities&.first
    token = c.tokens.find { |t| !t.used }
    next unless step && city && token

    fresh.bank.spend(1000, c)
    before = c.cash
    step.place_token(c, city, token, connected: false)
    gain = c.cash - before + token.price
    once = c.all_abilities.none? { |a| a.type == :assign_hexes }
    out[corp.id] = { 'hexes' => ability.hexes, 'amount' => gain, 'once' => once } if gain.positive?
  rescue StandardError
    next # a station the title does not let it place there: no bonus found
  end
end

# What a company's `assign_hexes` ability assigned by its owning corporation gives it
# (18AL's Warrior Coal Field token): in a fresh game the company goes to a corporation
# with a train, and the title's assign step assigns it to the ability's first hex; the
# abilities the corporation gains (`hexes_bonus`: an amount for routes to the hex), the
# train event that takes them away again, whether it refuses without a train, and
# whether it refuses a hex the corporation does not reach.
def assigned_bonuses(game)
  game.companies.each_with_object({}) do |company, out|
    ability = company.all_abilities.find { |a| a.type == :assign_hexes && a.owner_type == :corporation }
    next unless ability

    gained, = assign_probe(game, company.sym, ability.hexes.first, train: true, loading: true)
    bonus = gained&.find { |a| a.type == :hexes_bonus && a.hexes == [ability.hexes.first] }
    next unless bonus

    events = game.depot.trains.flat_map { |t| t.events.map { |e| [t.name, e['type']] } }.uniq
    until_train = events.find do |_, event|
      _, fresh, corp = assign_probe(game, company.sym, ability.hexes.first, train: true, loading: true)
      fresh.send("event_#{event}!")
      corp.all_abilities.none? { |a| a.equal?(bonus) || (a.type == :hexes_bonus && a.hexes == bonus.hexes) }
    rescue StandardError
      false
    end
    out[company.sym] = {
      'hexes' => ability.hexes, 'amount' => bonus.amount, 'count' => ability.count,
      'until_train' => until_train&.first, 'until_event' => until_train&.last,
      'needs_train' => assign_probe(game, company.sym, ability.hexes.first, train: false, loading: true).nil?,
      'reachable' => assign_probe(game, company.sym, ability.hexes.first, train: true, loading: false).nil?,
    }
  end
end

# A fresh game in which the first corporation owns `sym` (and a train if `train`) and the
# title's operating assign step assigns it to `hex`: the abilities the corporation gained,
# the game and the corporation; nil when the step refuses.
def assign_probe(game, sym, hex, train:, loading:)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  company = fresh.company_by_id(sym)
  corp = fresh.corporations.first
  company.owner = corp
  corp.companies << company
  fresh.buy_train(corp, fresh.depot.upcoming.first, :free) if train
  fresh.instance_variable_set(:@loading, loading)
  step = fresh.send(:operating_round, 1).steps.find { |s| s.is_a?(Engine::Step::Assign) }
  return nil unless step

  before = corp.all_abilities.dup
  step.process_assign(Engine::Action::Assign.new(company, target: fresh.hex_by_id(hex)))
  [corp.all_abilities - before, fresh, corp]
rescue StandardError
  nil
end

# The tiles a title's own `upgrades_to?` never lets be upgraded though the library's
# rules would (18AL's Lumber Terminal): each tile of the supply asked, off the map, against
# every tile of the supply. A tile the title's method cannot judge off the map (one it asks
# the hex of) counts as upgradable; and only a tile whose colour has upgradable tiles is
# kept (a title refusing a whole colour at the start decides by phase, not by tile).
def unupgradable_tiles(game)
  return [] if game.method(:upgrades_to?).owner == Engine::Game::Base

  library = Engine::Game::Base.instance_method(:upgrades_to?).bind(game)
  tiles = game.tiles.uniq(&:name)
  judged = tiles.filter_map do |from|
    allowed = tiles.select { |to| to != from && (library.call(from, to) rescue false) }
    [from, allowed.any? { |to| (game.upgrades_to?(from, to) rescue true) }] if allowed.any?
  end
  upgradable = judged.select(&:last).map { |from, _| from.color }.uniq
  judged.reject(&:last).map(&:first).select { |from| upgradable.include?(from.color) }.map(&:name)
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
