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
require 'delegate'

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
  when Engine::Share then "<Share:#{value.id}>"
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
# A probe may force one draw's number: `$forced_draw = [place, number]` (`drawn_train_events`).
module DrawNotes
  def rand
    caller = caller_locations(1, 8).map(&:label).find { |l| !l.end_with?('rand') } || '?'
    (@__draws ||= []) << caller.sub(/\Ablock (\(\d+ levels\) )?in /, '')
    drawn = super
    $forced_draw && $forced_draw[0] == @__draws.size - 1 ? $forced_draw[1] : drawn
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
    { 'class' => s.class.name, 'base' => library_base(s.class, 'Engine::Step::'), 'methods' => own_methods(s.class),
      'blocks' => (s.is_a?(Engine::Step::BuyCompany) ? !!s.blocks? : nil) }.compact
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
  rounds['merger'] = try { merger_round_of(game) } if game.respond_to?(:merger_round, true)
  rounds
end

# A title's merger round played after its operating rounds (1867's), with the phases in
# which one follows an operating round: for each phase, a fresh game in that phase is
# asked what comes after its last operating round of the set.
def merger_round_of(game)
  merger = game.send(:merger_round)
  return nil unless merger.is_a?(Engine::Round::Merger)

  phases = game.phase.phases.each_index.select do |index|
    fresh = replica(game)
    fresh.phase.instance_variable_set(:@index, index)
    fresh.phase.send(:setup_phase!) rescue nil
    fresh.instance_variable_set(:@operating_rounds, 1)
    fresh.instance_variable_set(:@round, fresh.send(:operating_round, 1))
    fresh.send(:next_round!)
    fresh.round.is_a?(Engine::Round::Merger)
  rescue StandardError
    false
  end
  limits = merger.steps.flat_map { |step| step.class.constants.grep(/\ALIMIT_/).map { |c| [c.to_s, step.class.const_get(c)] } }
  round_of(merger).merge('phases' => phases.map { |i| game.phase.phases[i][:name] }, 'limits' => limits.to_h)
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
  exports = try { export_after_set(game) }
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
      'min_price' => try { c.min_price }, 'max_price' => try { max_price_of(game, c) },
      'max_price_by_buyer' => try { max_price_by_buyer(game, c) }, 'abilities' => abilities_of(c),
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
        'needs_token_to_par' => try { c.needs_token_to_par },
        'abilities' => abilities_of(c), 'type' => plain(try { c.type }),
        'carried_tokens' => try { carried_tokens(c) },
        'pool_shares' => try { game.share_pool.shares_of(c).map { |s| [s.index, s.percent] } } }
    end,
    'minors' => try { plain(game.send(:game_minors)) },
    'minor_objects' => game.minors.map do |m|
      { 'sym' => m.name, 'abilities' => abilities_of(m), 'trains' => m.trains.map(&:name) }
    end,
    'cert_limit' => try { plain(game.send(:game_cert_limit)) },
    'cert_limit_now' => plain(try { game.cert_limit }),
    'percent_to_operate' => try { game.percent_to_operate },
    'above_holding_limit_kept' => try { game.can_hold_above_corp_limit?(game.players.first) },
    'dividend_holder' => try do
      dividend = game.send(:operating_round, 1).steps.find { |s| s.respond_to?(:holder_for_corporation, true) }
      corp = game.corporations.first
      holder = dividend && corp && dividend.send(:holder_for_corporation, corp)
      holder.equal?(corp) ? 'corporation' : (holder.equal?(game.share_pool) ? 'pool' : nil)
    end,
    'loan_terms' => try { { 'amount' => game.send(:loan_value), 'interest' => game.send(:interest_rate), 'count' => game.loans.size } },
    'loans_at_end' => try { loans_at_end(game) },
    'capitalization_now' => plain(try { game.capitalization }),
    'destinations' => try { plain(game.instance_variable_get(:@destinations)) },
    'starting_cash' => game.players.first&.cash,
    'bank_total' => game.bank.cash + game.players.sum(&:cash),
    'bank_unlimited' => try { game.unlimited_bank? },
    'game_end_check' => try { plain(game.send(:game_end_check_values)) },
    'final_operating_rounds' => try { final_operating_rounds(game) },
    'train_counts' => try { game.depot.trains.group_by(&:name).transform_values(&:size) },
    'reserved_trains' => try do
      game.depot.trains.select do |t|
        t.owner == game.depot && !game.depot.upcoming.include?(t) && !game.depot.discarded.include?(t)
      end.map(&:name)
    end,
    'set_aside_trains' => try { set_aside_trains(game) },
    'rounds' => rounds_of(game),
    'event_token_removals' => try { probed('event_token_removals', game) { event_token_removals(game) } },
    'minors_first' => try { probed('minors_first', game) { minors_first(game) } },
    'exports_after_round' => try { probed('exports_after_round', game) { exports_after_round(game) } },
    'settled_nationalization' => try { probed('settled_nationalization', game) { settled_nationalization(game) } },
    'auction_probe' => try { auction_probe(game) },
    'reseat_probe' => try { reseat_probe(game) },
    'currency' => try { game.format_currency(1234) },
    'tile_lays' => try { plain(game.tile_lays(game.corporations.first)) },
    'first_turn_lays' => try { first_turn_lays(game) },
    'minor_lays' => try { minor_lays(game) },
    'minors_offered_companies' => try { minors_offered_companies(game_for(game.class, game.players.size, game.optional_rules)) },
    'lay_closes' => try do
      probed('lay_closes', game, game.companies.map(&:sym)) { lay_closes(game.class, game.players.size, game.optional_rules) }
    end,
    'lay_closes_at_round_end' => try do
      probed('lay_closes_at_round_end', game, game.companies.map(&:sym)) do
        lay_closes(game.class, game.players.size, game.optional_rules, at_round_end: true)
      end
    end,
    'mail' => try { mail(game_for(game.class, game.players.size, game.optional_rules)) },
    'stop_multipliers' => try { probed('stop_multipliers', game, game.corporations.map(&:name)) { stop_multipliers(game) } },
    'more_homes' => try { more_homes(game_for(game.class, game.players.size, game.optional_rules)) },
    'home_hexes' => try { home_hexes(game) },
    'home_alone' => try { probed('home_alone', game, every_corporation(game).map(&:name)) { home_alone(game) } },
    'home_unconnected' => try { probed('home_unconnected', game, every_corporation(game).map(&:name)) { home_unconnected(game) } },
    'start_bids' => try { start_bids(game) },
    'par_prices' => try { par_prices(game) },
    'available_from' => try { available_from(game) },
    'never_sold_out' => try { never_sold_out(game) },
    'later_starts' => try { later_starts(game) },
    'home_cost_first' => try { home_cost_first(game_for(game.class, game.players.size, game.optional_rules)) },
    'twin_hexes' => try { twin_hexes(game) },
    # a title restricting stubs (StubsAreRestricted, 1822's own) asks a first tile to continue them
    'stubs_restricted' => try { game.respond_to?(:legal_if_stubbed?, true) },
    'players_buy_from_turn' => try { players_buy_from_turn(game) },
    'phase_purchases' => try do
      probed('phase_purchases', game, game.companies.map(&:sym), game.phase.phases.map { |p| p[:name] }) do
        phase_purchases(game)
      end
    end,
    'depot_limits' => try do
      probed('depot_limits', game, game.depot.trains.map(&:name), game.phase.phases.map { |p| p[:name] }) do
        depot_limits(game_for(game.class, game.players.size, game.optional_rules))
      end
    end,
    'stops_fill' => try { stops_fill(game) },
    'hex_bonuses' => try { hex_bonuses(game) },
    'event_closings' => try { event_closings(game) },
    'depot_repeat_types' => try { probed('depot_repeat_types', game, game.depot.trains.map(&:name)) { depot_repeat_types(game) } },
    'dividend_without_revenue' => try { dividend_without_revenue(game_for(game.class, game.players.size, game.optional_rules)) },
    'price_protection' => try { price_protection(game_for(game.class, game.players.size, game.optional_rules)) },
    'closed_shares' => try { closed_shares(game) },
    'buy_back' => try { probed('buy_back', game, game.corporations.map(&:name)) { buy_back(game.class, game.players.size, game.optional_rules) } },
    'export_after_set' => exports,
    'exports_end_with' => try { exports_end_with(game, exports) },
    'track_groups' => try { track_groups(game) },
    'minors_of_companies' => try { minors_of_companies(game) },
    'minor_shared_city' => try { probed('minor_shared_city', game) { minor_shared_city(game) } },
    'lay_joins' => try { probed('lay_joins', game, game.companies.map(&:sym)) { lay_joins(game) } },
    'lays_lapse' => try { probed('lays_lapse', game, game.companies.map(&:sym)) { lays_lapse(game) } },
    'free_trains' => try do
      set_aside_trains(game).empty? ? {} : probed('free_trains', game, game.companies.map(&:sym)) { free_trains(game) }
    end,
    'lays_forfeit' => try { probed('lays_forfeit', game, game.companies.map(&:sym)) { lays_forfeit(game) } },
    'map_tokens' => try { map_tokens(game) },
    'multiple_buy_only_from_market' => try { game.multiple_buy_only_from_market? },
    'auction_companies' => try { auction_companies(game) },
    'auction_offers' => try { auction_offers(game) },
    'single_item_auction' => try { single_item_auction(game) },
    'lay_costs' => try { lay_costs(game) },
    'first_operating_order' => try { first_operating_order(game_for(game.class, game.players.size, game.optional_rules)) },
    'hex_tiles' => try { hex_tiles(game) },
    'ports' => try { port_probe(game_for(game.class, game.players.size, game.optional_rules)) },
    'station_bonuses' => try { probed('station_bonuses', game, game.corporations.map(&:name)) { station_bonuses(game) } },
    'assigned_bonuses' => try { probed('assigned_bonuses', game, game.companies.map(&:sym)) { assigned_bonuses(game) } },
    'assignment_bonuses' => try { probed('assignment_bonuses', game, game.companies.map(&:sym)) { assignment_bonuses(game) } },
    'dividend_moves' => try { dividend_moves(game) },
    'split_dividends' => try { split_dividends(game) },
    'par_subsidies' => try { probed('par_subsidies', game, game.corporations.map(&:name)) { par_subsidies(game) } },
    'late_upgrades' => try do
      probed('late_upgrades', game, game.tiles.map(&:name).uniq) { late_upgrades(game_for(game.class, game.players.size, game.optional_rules)) }
    end,
    'unupgradable_tiles' => try { probed('unupgradable_tiles', game, game.tiles.map(&:name).uniq) { unupgradable_tiles(game) } },
    'route_bonuses' => try { route_bonuses(game) },
    'nobodys_stations' => try { nobodys_stations(game) },
    'terrain_discounts' => try { terrain_discounts(game) },
    'stop_bonuses' => try { probed('stop_bonuses', game, game.companies.map(&:sym)) { stop_bonuses(game) } },
    'corporation_revenues' => try { probed('corporation_revenues', game, game.companies.map(&:sym)) { corporation_revenues(game) } },
    'bankruptcy' => try { probed('bankruptcy', game) { bankruptcy_probe(game) } },
    'revenue_shares' => try { revenue_shares(game) },
    'route_subsidies' => try { route_subsidies(game) },
    'offboard_pairs' => try { offboard_pairs(game) },
    'gray_city_pairs' => try { probed('gray_city_pairs', game, game.hexes.map(&:id)) { gray_city_pairs(game) } },
    'icon_lay_income' => try { icon_lay_income(game) },
    'station_lays' => try { probed('station_lays', game, game.corporations.map(&:name)) { station_lays(game) } },
    'town_lays' => try { town_lays(game) },
    'lay_subsidies' => try { probed('lay_subsidies', game, game.corporations.map(&:name)) { lay_subsidies(game) } },
    'closes_when_par_set' => try { closes_when_par_set(game) },
    'priority_to_most_cash' => try { priority_to_most_cash(game) },
    'minor_mergers' => try { minor_mergers(game.class, game.players.size, game.optional_rules) },
    'presidency_swap' => try { presidency_swap(game) },
    'reserved_exchanges' => try { reserved_exchanges(game) },
    'par_payments' => try { par_payments(game) },
    'keep_bought' => try { keep_bought(game) },
    'loan_spending' => try { loan_spending(game) },
    'automatic_loans' => try { automatic_loans(game) },
    'issue_spending' => try { issue_spending(game) },
    'issue_step' => try { probed('issue_step', game, game.corporations.map(&:name)) { issue_step(game) } },
    'token_distance_prices' => try { probed('token_distance_prices', game) { token_distance_prices(game) } },
    'buying_power' => try { buying_power(game) },
    'emergency_issue' => try { emergency_issue(game) },
    'sells_closing_buyer' => try { sells_closing_buyer(game) },
    'help_below_cheapest' => try { help_below_cheapest(game) },
    'route_rights' => try { probed('route_rights', game, game.companies.map(&:sym)) { route_rights(game) } },
    'national_formation' => try { national_formation(game) },
    'drawn_train_events' => try { probed('drawn_train_events', game, game.depot.trains.map(&:name)) { drawn_train_events(game) } },
  }.merge(setup_probe(game))
end

# The tokens a built game's corporation carries that are another's (a neutral station
# that becomes that corporation's once placed): their type, owner and price.
def carried_tokens(corp)
  corp.tokens.reject { |t| t.corporation == corp }.map do |t|
    { 'type' => t.type.to_s, 'owner' => t.corporation&.name, 'price' => t.price }
  end
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

# How a waterfall auction treats bids on other companies than the cheapest: in a game
# built as `game` was, every player in turn bids on a later company; whether the
# cheapest is still for sale after (a title may count such bids as passes on it, and
# remove it once everybody has passed so, or keep it).
def auction_probe(game)
  fresh = game.class.new(game.players.to_h { |p| [p.id, p.name] }, id: 1, seed: 1,
                                                                   optional_rules: game.optional_rules)
  step = fresh.round.active_step
  return nil unless step.is_a?(Engine::Step::WaterfallAuction)

  first = step.companies.first
  later = step.companies[1..]
  fresh.players.size.times do |i|
    player = fresh.round.active_step.active_entities.first
    company = later[i % later.size]
    price = fresh.round.active_step.min_bid(company)
    fresh.process_action(Engine::Action::Bid.new(player, company: company, price: price))
  end
  { 'cheapest' => first.sym, 'stays' => !first.closed? && fresh.round.active_step.companies.include?(first),
    'cheapest_left' => try { cheapest_left?(game) } }
end

# Whether every player passing, once the cheapest company is sold, makes the cheapest
# left cheaper rather than paying the companies' revenue: `true` when it does so once
# the two cheapest are sold too (1882), `2` when only the second cheapest is made cheaper
# so (18NL), `false` when the companies pay at once (1830).
def cheapest_left?(game)
  second = cheaper_once_sold?(game, 1)
  return second unless second

  cheaper_once_sold?(game, 2) ? true : 2
end

# Whether every player passing, once the `sold` cheapest companies of a fresh game's
# auction are bought at their price, makes the next one cheaper (nil: not asked).
def cheaper_once_sold?(game, sold)
  fresh = game.class.new(game.players.to_h { |p| [p.id, p.name] }, id: 1, seed: 1,
                                                                   optional_rules: game.optional_rules)
  step = fresh.round.active_step
  bought, following = step.companies[0, sold], step.companies[sold]
  return nil unless following && bought.size == sold

  bought.each do |company|
    active = fresh.round.active_step
    return nil unless active.is_a?(Engine::Step::WaterfallAuction) && active.may_purchase?(company)

    fresh.process_action(Engine::Action::Bid.new(active.active_entities.first, company: company,
                                                                                price: active.min_bid(company)))
    return nil unless company.owner&.player?
  end

  fresh.players.size.times do
    active = fresh.round.active_step
    break unless active.is_a?(Engine::Step::WaterfallAuction) && following.owner.nil?

    fresh.process_action(Engine::Action::Pass.new(active.active_entities.first))
  end
  following.discount.positive?
end

# How the players sit after the initial round and after a stock round, asked of games
# built as `game` was. With their cash all equal, the initial round's end reversing them
# reverses them whatever their cash (18Tokaido's snake draft: `reverse`). With the
# players' cash rising by seat (falling, for least cash first), the initial round's end (`next_round!`) seating them by most (least) cash
# reverses them; with a stock round's order of passing no rotation of the seats, its end
# seating them in that order gives it; and where the initial round's end seated them by
# cash, with their cash put in that order again, the next stock round seating them anew
# by it reverses them again: so before every stock round (`before_stock`).
def reseat_probe(game)
  # (three players at least: two seats reversed are also rotated)
  count = [game.players.size, 3].max
  build = -> { game.class.new((1..count).to_h { |i| [i, "Player #{i}"] }, id: 1, seed: 1, optional_rules: game.optional_rules) }
  out = {}
  after = build.call
  after.send(:next_round!)
  if after.round.is_a?(Engine::Round::Stock)
    order = after.players.dup
    passed = [order[1], order[0], *order[2..].reverse]
    after.round.pass_order = passed.dup
    after.send(:next_round!)
    out['stock'] = 'first_to_pass' if after.players == passed
  end
  even = build.call
  seats = even.players.dup
  seats.each { |p| p.instance_variable_set(:@cash, 1000) }
  even.send(:next_round!)
  out['initial'] = 'reverse' if even.players == seats.reverse # (reversed with no cash to tell them apart)
  { 'most_cash' => 10, 'least_cash' => -10 }.each do |how, step|
    next if out['initial']

    fresh = build.call
    seats = fresh.players.dup
    by_seat = ->(order) { order.each_with_index { |p, i| p.instance_variable_set(:@cash, 1000 + (step * i)) } }
    by_seat.call(seats)
    fresh.send(:next_round!)
    next unless fresh.players == seats.reverse

    out['initial'] = how
    next unless fresh.round.is_a?(Engine::Round::Stock)

    fresh.send(:next_round!)
    order = fresh.players.dup
    by_seat.call(order)
    10.times do
      break if fresh.round.is_a?(Engine::Round::Stock) || fresh.finished

      fresh.send(:next_round!)
    end
    out['before_stock'] = how if fresh.round.is_a?(Engine::Round::Stock) && fresh.players == order.reverse
  end
  out
end

# What the random setup of a built game did: the companies and corporations it removed,
# in order, the deck its first step deals from, the generator's state after it and the
# methods that drew (the converter finds the draws that give these).
def setup_probe(game)
  {
    'removals' => try { game.instance_variable_get(:@removals)&.map { |e| e.respond_to?(:sym) ? e.sym : e.name } },
    'deck' => try { deck_of(game) },
    'open_draft' => try { open_draft(game) },
    'rand_state' => game.instance_variable_get(:@rand),
    'seed' => game.instance_variable_get(:@seed),
    'draws' => game.instance_variable_get(:@__draws) || [],
    'built_companies' => game.companies.map(&:sym),
    'stations' => try { map_tokens(game).reject { |t| t['known'] }.map { |t| t['owner'] }.uniq },
    'second_tokens' => try { second_tokens(game) },
    'built_players' => game.players.size,
    'start_limit' => try { start_limit(game) },
    'market_rules' => try { market_rules(game) },
  }
end

# How a title's own code deals shares with the market, asked of fresh games with this many
# players where it overrides the methods concerned (18Chesapeake's two-player game):
# `unsold_to_pool`, a corporation's unsold shares go to the market as it floats;
# `sold_out_none_in_pool`, a floated corporation none of whose shares is in the market is
# sold out though the players hold less than all; `purchase_removes_pool_share`, a
# purchase by another than the president takes the market's last share out of the game.
def market_rules(game)
  base = Engine::Game::Base
  {
    'ceilings' => try { price_ceilings(game) },
    'unsold_to_pool' => game.method(:float_corporation).owner == base ? false : unsold_to_pool?(game),
    'sold_out_none_in_pool' => game.method(:sold_out?).owner == base &&
      game.send(:stock_round).method(:sold_out?).owner == Engine::Round::Stock ? false : sold_out_none_in_pool?(game),
    'purchase_removes_pool_share' => game.share_pool.class == Engine::SharePool ? false : purchase_removes_pool_share?(game),
  }
end

# What loans still out do at the game's end where the title's `end_game!` settles them
# (1867's: `price_left`, a step left for each), asked of a fresh game whose first
# corporation, at a middle par price, holds two loans when the game ends; nil otherwise.
def loans_at_end(game)
  return nil if game.method(:end_game!).owner == BASE || game.loans.to_a.size < 2

  fresh = replica(game)
  corp = fresh.corporations.first
  prices = fresh.stock_market.par_prices.sort_by(&:price)
  fresh.stock_market.set_par(corp, prices[prices.size / 2])
  corp.ipoed = true
  2.times { corp.loans << fresh.loans.pop }
  before = corp.share_price.coordinates
  fresh.end_game!(:custom)
  after = corp.share_price.coordinates
  corp.loans.empty? && after[0] == before[0] && before[1] - after[1] == 2 ? 'price_left' : nil
end

# The kinds of corporation (minor, major) whose price a move right leaves where it is from
# a cell of 18xx.games' max_price zone (1867's minors), asked of a fresh game's market with
# a corporation of each kind put in such a cell.
def price_ceilings(game)
  fresh = replica(game)
  cell = fresh.stock_market.market.flatten.compact.find { |p| p.types.include?(:max_price) }
  return [] unless cell

  %w[minor major].select do |kind|
    corp = fresh.corporations.find { |c| (c.type == :minor) == (kind == 'minor') }
    next false unless corp

    corp.share_price = cell
    cell.corporations << corp
    fresh.stock_market.move_right(corp)
    corp.share_price.price <= cell.price
  end
end

# A fresh game whose first corporation is started by the first player at the highest par
# price, `held` of its ordinary shares given to the second player.
def started_corporation(game, held)
  fresh = replica(game)
  corp = fresh.corporations.first
  fresh.stock_market.set_par(corp, fresh.stock_market.par_prices.max_by(&:price))
  first, second = fresh.players
  fresh.share_pool.transfer_shares(corp.presidents_share.to_bundle, first)
  corp.shares_of(corp).reject(&:president).take(held).each do |share|
    fresh.share_pool.transfer_shares(share.to_bundle, second)
  end
  [fresh, corp]
end

def unsold_to_pool?(game)
  fresh, corp = started_corporation(game, 4)
  fresh.float_corporation(corp)
  corp.shares_of(corp).empty? && !fresh.share_pool.shares_of(corp).empty?
end

def sold_out_none_in_pool?(game)
  fresh, corp = started_corporation(game, 4)
  corp.shares_of(corp).each { |share| fresh.share_pool.transfer_shares(share.to_bundle, fresh.bank) }
  corp.floated = true if corp.respond_to?(:floated=)
  fresh.send(:stock_round).send(:sold_out?, corp) == true
end

def purchase_removes_pool_share?(game)
  fresh, corp = started_corporation(game, 0)
  pooled = corp.shares_of(corp).reject(&:president).take(2)
  pooled.each { |share| fresh.share_pool.transfer_shares(share.to_bundle, fresh.share_pool) }
  fresh.share_pool.buy_shares(fresh.players[1], pooled.first.to_bundle)
  pooled.last.owner == fresh.bank
end

# After how many corporations started the title's own `after_par` closes every one not
# yet started (18 Los Angeles' CORPORATION_START_LIMIT): a fresh game starts its
# corporations one by one; nil when none ever leaves.
def start_limit(game)
  return nil if game.method(:after_par).owner == Engine::Game::Base

  fresh = replica(game)
  # a home token placed at par waits in the round (an initial round has no such list)
  fresh.round.define_singleton_method(:pending_tokens) { [] } unless fresh.round.respond_to?(:pending_tokens)
  price = fresh.stock_market.par_prices.max_by(&:price)
  started = 0
  fresh.corporations.dup.each do |corp|
    next unless fresh.corporations.include?(corp) && corp.par_price.nil?

    before = fresh.corporations.size
    fresh.stock_market.set_par(corp, price)
    fresh.after_par(corp)
    started += 1
    return started if fresh.corporations.size < before
  end
  nil
end

# The second station each corporation of the title's `REMOVED_CORP_SECOND_TOKEN` puts down
# when the setup removes it, with this many players (1846's `place_second_token`): asked
# of a fresh game per corporation, the corporation's own setup removal if it was removed
# there, else a call as the setup makes it; {sym => {'hex', 'color'}}, 'color' nil where
# the station went down at once and 'green' where the game holds it until a green tile
# (its `second_tokens_in_green`).
def second_tokens(game)
  return nil unless game.class.const_defined?(:REMOVED_CORP_SECOND_TOKEN) && game.respond_to?(:place_second_token)

  game.class::REMOVED_CORP_SECOND_TOKEN.each_with_object({}) do |(sym, hex_id), out|
    fresh = replica(game)
    removed = (fresh.instance_variable_get(:@removals) || []).find { |e| e.respond_to?(:id) && e.id == sym }
    corp = removed || fresh.corporation_by_id(sym)
    next unless corp

    fresh.place_second_token(corp, **fresh.place_second_token_kwargs(corp)) unless removed
    placed = fresh.hex_by_id(hex_id).tile.cities.first&.tokens&.compact&.any? { |t| t.corporation == corp }
    waiting = fresh.respond_to?(:second_tokens_in_green) && fresh.second_tokens_in_green[hex_id] == corp
    out[sym] = { 'hex' => hex_id, 'color' => waiting ? 'green' : nil } if placed || waiting
  end
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

# The answers of probes that depend on a title's class, its optional rules and the data
# in `key` (trains, phases, companies, tiles), not otherwise on the player count: each is
# asked once per title and rule set instead of once per build.
PROBED = {}
def probed(name, game, *key)
  id = [name, game.class.name, game.optional_rules.map(&:to_s).sort, *key]
  PROBED.key?(id) ? PROBED[id] : (PROBED[id] = yield)
end

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

# What the bank pays a corporation for a tile action by the title's own track step
# (`lay_tile_action` overridden), asked of fresh games with the lay's costs taken off:
# for each corporation alone, and for each company held by a corporation paid nothing
# alone, the money gained by a yellow tile on a plain hex (`plain`), a yellow tile with a
# town on a hex with a town (`town`), and a tile of each colour and label on a hex of that
# label (`green/T`). {'corporations' => {sym => {lay => gain}}, 'companies' => {...}};
# nil where the track step is the engine's.
def lay_subsidies(built)
  steps = built.send(:operating_round, 1).steps.select { |s| s.respond_to?(:lay_tile_action) }
  return nil unless steps.any? { |s| s.class.instance_method(:lay_tile_action).owner.name.to_s !~ /\AEngine::Step::/ }

  lays = subsidy_lays(built)
  fresh = -> { game_for(built.class, built.players.size, built.optional_rules) }
  corps = built.corporations.select(&:coordinates).map(&:name)
  by_corp = corps.to_h { |sym| [sym, subsidy_gains(fresh.call, sym, nil, lays)] }
  holder = by_corp.find { |_, gains| gains.values.compact.all?(&:zero?) }&.first
  by_company = {}
  if holder
    built.companies.each do |company|
      gains = subsidy_gains(fresh.call, holder, company.sym, lays)
      by_company[company.sym] = gains if gains.values.any? { |g| g&.positive? }
    end
  end
  { 'corporations' => by_corp.select { |_, g| g.values.any? { |x| x&.positive? } }, 'companies' => by_company }
end

# The corporations whose lay in a hex with a town gives them another tile action that
# turn, where the title's own `tile_lays` says so (18JP-T's Tokyu): asked of a fresh game
# per corporation, its `tile_lays` before and after its track step lays a yellow town
# tile on a white town hex, and, as a control, after a plain track tile on a plain hex.
# [sym, ...]; nil where the title keeps the engine's `tile_lays`.
def town_lays(built)
  return nil if built.method(:tile_lays).owner == BASE

  lays = subsidy_lays(built)
  return nil unless lays['town'] && lays['plain']

  found = built.corporations.select(&:coordinates).map(&:name).select do |sym|
    %w[town plain].map do |key|
      game = game_for(built.class, built.players.size, built.optional_rules)
      corp = game.corporation_by_id(sym)
      floated_operating(game, corp, 10_000)
      before = game.tile_lays(corp).size
      subsidy_gain(game, corp, *lays[key]) ? game.tile_lays(corp).size - before : nil
    rescue StandardError, NotImplementedError
      nil
    end == [1, 0]
  end
  found.empty? ? nil : found
end

# The tile actions a corporation earns by a station in a hex of its `assign_hexes`
# ability, where the title's own `tile_lays` gives them (18JP-T's Tobu Railway): asked of a
# fresh game, the corporation's `tile_lays` before and after the operating round's token
# step places its station in the first such hex. {sym => {'hexes' => [...], 'lays' =>
# [...]}} for those whose lays change; nil where the title does not override `tile_lays`.
def station_lays(built)
  return nil if built.method(:tile_lays).owner == BASE

  built.corporations.each_with_object({}) do |c, out|
    ability = c.all_abilities.find { |a| a.type == :assign_hexes }
    next unless ability

    lays = begin
      station_lays_of(game_for(built.class, built.players.size, built.optional_rules), c.name, ability)
    rescue StandardError, NotImplementedError
      nil
    end
    out[c.name] = { 'hexes' => Array(ability.hexes), 'lays' => plain(lays) } if lays
  end
end

# `corp` of `game` parred at the first par price, floated with `cash` from the bank, and the
# game in a new operating round, loading (no log checks): for the probes that ask what a
# floated corporation's operating steps do.
def floated_operating(game, corp, cash)
  game.stock_market.set_par(corp, game.stock_market.par_prices.first)
  corp.ipoed = true
  corp.instance_variable_set(:@floated, true)
  game.bank.spend(cash, corp) if cash.positive?
  game.instance_variable_set(:@round, game.send(:new_operating_round))
  game.instance_variable_set(:@loading, true)
end

# The companies whose tile lays are to join two neighbouring hexes not joined before
# (1846's Little Miami): {sym => [hex, hex]}. For a company whose `tile_lay` ability lays
# twice or more in exactly two neighbouring hexes, its action (a pass) is processed by the
# game in an operating round of a corporation owning it, three times: with the hexes as
# built, with a tile of the ability's in the first hex only (its track reaching the
# second), and with such tiles in both, their tracks meeting. A title that refuses the
# action only in the last, where the two hexes' cities are joined, says so.
def lay_joins(game)
  game.companies.each_with_object({}) do |company, out|
    ability = company.abilities.find { |a| a.type == :tile_lay }
    hexes = Array(ability&.hexes)
    next unless ability && hexes.size == 2 && ability.count.to_i >= 2

    answers = [0, 1, 2].map { |tiles| joined_refusal(game, company.sym, hexes, tiles) }
    out[company.sym] = hexes if answers[2].is_a?(String) && answers[2] != answers[0] && answers[1] == answers[0]
  end
end

# The companies whose tile lays left are lost as soon as anyone else acts after one of
# them (1846's Michigan Central, Ohio & Indiana and Little Miami: "forfeits second tile
# lay"): for each company whose `tile_lay` ability lays twice or more, in a fresh game in
# an operating round of a corporation owning it, the company makes one lay (processed by
# the game) and the game is shown a pass of the corporation, as before processing it; a
# title that then takes the ability away says so.
def lays_lapse(game)
  lays_taken_away(game, lay_first: true, wanted: ->(a) { a.count.to_i >= 2 }) do |corporation, _lay|
    Engine::Action::Pass.new(corporation)
  end
end

# Each company of `syms` whose tile-lay ability (one `wanted` selects) the title takes
# away when its `preprocess_action` (none where the title has its engine's) is shown the
# action the block builds of the owning corporation and the company's first legal lay,
# in a fresh game in an operating round of a corporation owning it; with `lay_first`,
# after the company made that lay (processed by the game); with `processed`, its
# `action_processed` is shown the action too (18MEX's KCMO loses its lay in F5 so).
def lays_taken_away(game, lay_first:, wanted:, syms: every_company(game), processed: false)
  hooks = [:preprocess_action, *(processed ? [:action_processed] : [])]
  return [] if hooks.all? { |hook| game.method(hook).owner == BASE }

  syms.filter_map do |sym|
    fresh = open_replica(game, sym)
    next unless fresh

    probe = fresh.company_by_id(sym)
    ability = probe.abilities.find { |a| a.type == :tile_lay }
    next unless ability && wanted.call(ability)

    owning_corporation_operates(fresh, probe)
    lay = first_special_lay(fresh, probe)
    next unless lay

    if lay_first
      fresh.process_action(lay)
      next unless probe.abilities.any? { |a| a.type == :tile_lay }
    end
    action = yield(probe.owner, lay)
    hooks.each { |hook| fresh.send(hook, action) }
    sym if probe.abilities.none? { |a| a.type == :tile_lay }
  rescue StandardError
    nil
  end
end

# A company's highest price to a corporation: its `max_price`, or where the title's asks
# who buys (1850's), the least it asks of any corporation.
def max_price_of(game, company)
  return company.max_price if company.method(:max_price).arity.zero?

  game.corporations.map { |corp| company.max_price(corp) }.min
end

# Where the title's `max_price` takes a buyer: the corporations that may pay more than
# the least of them (1850's Crédit Mobilier to the Union Pacific), {sym => price}.
def max_price_by_buyer(game, company)
  return nil if company.method(:max_price).arity.zero?

  prices = game.corporations.to_h { |corp| [corp.name, company.max_price(corp)] }
  least = prices.values.min
  prices.reject { |_, price| price == least }
end

# The trains the built game's setup holds out of its depot for its code to hand out
# (18GA's free 2-train, held by a neutral corporation): their names.
def set_aside_trains(game)
  held = game.corporations + game.minors
  game.depot.trains.select { |t| t.owner && t.owner != game.depot && !held.include?(t.owner) }.map(&:name)
end

# The train each company brings to the corporation that buys it from a player, where the
# title's code hands over one its setup set aside (18GA's Ocilla Southern, the 2-train
# marked Free; asked only where the setup sets trains aside: `set_aside_trains`):
# {sym => {'train', 'until'}}, asked of fresh games in an operating round
# of a corporation without trains buying the company by the round's company step;
# `until`: the first phase, the game's phases advanced one by one, from which none comes.
def free_trains(game)
  every_company(game).each_with_object({}) do |sym, out|
    given = free_train_of(game, sym, 0)
    next unless given

    phases = game.phase.phases.map { |p| p[:name] }
    stop = (1...phases.size).find { |k| free_train_of(game, sym, k).nil? }
    out[sym] = { 'train' => given, 'until' => stop && phases[stop] }
  end
end

def free_train_of(game, sym, advance)
  fresh = open_replica(game, sym)
  return nil unless fresh

  advance.times { fresh.phase.next! }
  company = fresh.company_by_id(sym)
  corp = fresh.corporations.find { |c| c.type != :minor }
  return nil if company.closed? || !corp

  floated_operating(fresh, corp, 10_000)
  step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::BuyCompany) }
  return nil unless step

  give_company(company, fresh.players.first)
  before = corp.trains.dup
  step.process_buy_company(Engine::Action::BuyCompany.new(corp, company: company, price: company.min_price))
  (corp.trains - before).first&.name
rescue StandardError
  nil
end

# The companies whose tile-lay ability the title takes away once another lays a tile in
# one of its hexes (18Chesapeake's C-P and B&S), of those in this game, asked of a fresh
# game where the corporation owning the company is about to lay there itself, by the
# company's first legal lay (`preprocess_action`, where the titles check it).
def lays_forfeit(game)
  hexes = ->(a) { !Array(a.hexes).empty? }
  lays_taken_away(game, lay_first: false, wanted: hexes, syms: game.companies.map(&:sym), processed: true) do |corporation, lay|
    Engine::Action::LayTile.new(corporation, tile: lay.tile, hex: lay.hex, rotation: lay.rotation)
  end
end

# The companies of `game`'s title, those its setup took out of this game included (the
# title's `COMPANIES`, where it lists them so).
def every_company(game)
  syms = game.companies.map(&:sym)
  listed = game.class.const_defined?(:COMPANIES) ? game.class::COMPANIES : []
  syms | listed.filter_map { |c| c.is_a?(Hash) ? c[:sym] : nil }
end

# A lay the company's `tile_lay` ability may make now (its first hex, tile and rotation
# the special-track step takes), as an action; nil if none.
def first_special_lay(game, company)
  ability = company.abilities.find { |a| a.type == :tile_lay }
  step = game.round.steps.find { |s| s.is_a?(Engine::Step::SpecialTrack) }
  return nil unless step

  Array(ability.hexes).each do |hex_id|
    hex = game.hex_by_id(hex_id)
    Array(ability.tiles).each do |name|
      tile = game.tiles.find { |t| t.name == name }
      next unless hex && tile

      rotation = (0..5).find { |r| tile.rotate!(r) && step.legal_tile_rotation?(company, hex, tile) }
      return Engine::Action::LayTile.new(company, tile: tile, hex: hex, rotation: rotation) if rotation
    end
  end
  nil
end

# The refusal of the company's pass (its message; nil when accepted) in a fresh game in an
# operating round of a corporation owning it, with `tiles` (0-2) of its hexes tiled so
# that their track meets; :none when the tiles cannot be laid.
def joined_refusal(built, sym, hexes, tiles)
  game = game_for(built.class, built.players.size, built.optional_rules)
  company = game.company_by_id(sym)
  ability = company.abilities.find { |a| a.type == :tile_lay }
  owning_corporation_operates(game, company)
  a, b = hexes.map { |h| game.hex_by_id(h) }
  edge = a.neighbors.find { |_e, hex| hex == b }&.first
  return :none unless edge

  [[a, edge], [b, (edge + 3) % 6]].first(tiles).each do |hex, toward|
    tile = game.tiles.find do |t|
      Array(ability.tiles).include?(t.name) && game.upgrades_to?(hex.tile, t, true) &&
        (0..5).any? { |r| t.rotate!(r) && t.exits.include?(toward) && hex.tile.exits.all? { |e| t.exits.include?(e) } }
    end
    return :none unless tile

    game.tiles.delete(tile)
    hex.lay(tile)
  end
  game.process_action(Engine::Action::Pass.new(company))
  game.instance_variable_get(:@exception)&.message&.sub(/\{.*\}/m, '')
rescue Engine::GameError => e
  e.message.sub(/\{.*\}/m, '')
end

# What the title's company step does, when a corporation buys a company whose minor
# (of the company's id) has its station in a city where the corporation has one too:
# `buyer_stays` (the minor's station is removed: 1846), `minor_stays` (the buyer's goes
# back to its charter: 18SJ); nil where the probe cannot tell. Asked of a fresh game in
# an operating round of the first corporation, both stations put in the minor's home.
def minor_shared_city(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  company = fresh.companies.find { |c| fresh.minors.any? { |m| m.id == c.id } }
  return nil unless company

  minor = fresh.minors.find { |m| m.id == company.id }
  corp = fresh.corporations.find { |c| c.type != :minor }
  floated_operating(fresh, corp, 10_000)
  city = minor.tokens.first.city || fresh.hex_by_id(Array(minor.coordinates).first).tile.cities.first
  city.place_token(minor, minor.tokens.first, check_tokenable: false) unless minor.tokens.first.city
  city.place_token(corp, corp.next_token, check_tokenable: false)
  player = fresh.players.first
  company.owner = player
  player.companies << company
  minor.owner = player
  step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::BuyCompany) }
  fresh.round.instance_variable_set(:@entities, [corp])
  fresh.round.instance_variable_set(:@entity_index, 0)
  step.process_buy_company(Engine::Action::BuyCompany.new(corp, company: company, price: company.min_price))
  buyer = city.tokened_by?(corp)
  kept = city.tokens.any? { |t| t&.corporation == minor }
  return 'buyer_stays' if buyer && !kept
  return 'minor_stays' if kept && !buyer

  nil
end

def station_lays_of(game, sym, ability)
  corp = game.corporation_by_id(sym)
  city = game.hex_by_id(Array(ability.hexes).first)&.tile&.cities&.first
  return nil unless city

  floated_operating(game, corp, 10_000)
  before = game.tile_lays(corp)
  step = game.round.steps.find { |s| s.is_a?(Engine::Step::Token) }
  return nil unless step

  step.place_token(corp, city, corp.next_token, connected: false, check_tokenable: false)
  after = game.tile_lays(corp)
  after == before ? nil : after
end

# The lays `lay_subsidies` asks about: {key => [hex id, tile name]}.
def subsidy_lays(game)
  out = {}
  plain = game.hexes.find { |h| plain_hex?(h) }
  track = game.tiles.find { |t| t.color == :yellow && t.city_towns.empty? && !t.paths.empty? && !t.label }
  out['plain'] = [plain.id, track.name] if plain && track
  town_hex = game.hexes.find { |h| h.tile.color == :white && h.tile.towns.size == 1 && h.tile.cities.empty? }
  town_tile = game.tiles.find { |t| t.color == :yellow && t.towns.size == 1 && t.cities.empty? && !t.label }
  out['town'] = [town_hex.id, town_tile.name] if town_hex && town_tile
  game.tiles.select(&:label).uniq { |t| [t.color, t.label.to_s] }.each do |tile|
    hex = game.hexes.find { |h| h.tile.label.to_s == tile.label.to_s && h.tile.color != tile.color }
    out["#{tile.color}/#{tile.label}"] = [hex.id, tile.name] if hex
  end
  out
end

# What `sym` (holding `company_sym`, if given) gains by each of `lays` in `game`, each
# in an operating round of its own (nil for a lay the game refuses).
def subsidy_gains(game, sym, company_sym, lays)
  corp = game.corporation_by_id(sym)
  if company_sym
    company = game.company_by_id(company_sym)
    give_company(company, corp)
  end
  game.stock_market.set_par(corp, game.stock_market.par_prices.first)
  corp.ipoed = true
  corp.instance_variable_set(:@floated, true)
  game.bank.spend(10_000, corp)
  game.instance_variable_set(:@loading, true)
  lays.to_h { |key, (hex_id, name)| [key, subsidy_gain(game, corp, hex_id, name)] }
end

def subsidy_gain(game, corp, hex_id, name)
  game.instance_variable_set(:@round, game.send(:new_operating_round))
  step = game.round.steps.find { |s| s.respond_to?(:process_lay_tile) && s.actions(corp).include?('lay_tile') }
  return nil unless step && game.round.current_entity == corp

  hex = game.hex_by_id(hex_id)
  hex.tile.instance_variable_set(:@upgrades, [])
  hex.tile.borders.each { |b| b.instance_variable_set(:@cost, nil) }
  tile = game.tiles.find { |t| t.name == name }
  before = corp.cash
  step.process_lay_tile(Engine::Action::LayTile.new(corp, tile: tile, hex: hex, rotation: 0))
  corp.cash - before
rescue StandardError, NotImplementedError
  nil
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

  floated_operating(game, corp, 1000)
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
  game.instance_variable_set(:@turn, 1) # the first operating round of the first turn
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
# (18AL's Warrior Coal Field token, 1856's Great Lakes Shipping port): in a fresh game the
# company goes to a corporation with a train, and the title's assign step assigns it to
# the ability's first hex; the abilities the corporation gains (`hexes_bonus`: an amount
# for routes to the hex) or, failing them, what the title's `revenue_for` adds to a route
# of it stopping in the hex; the train event that takes the bonus away again, whether it
# refuses without a train, whether it refuses a hex the corporation does not reach, and
# whether assigning closes the company.
def assigned_bonuses(game)
  game.companies.each_with_object({}) do |company, out|
    ability = company.all_abilities.find { |a| a.type == :assign_hexes && a.owner_type == :corporation }
    next unless ability

    hex = ability.hexes.first
    gained, fresh, corp = assign_probe(game, company.sym, hex, train: true, loading: true)
    next unless fresh

    bonus = gained.find { |a| a.type == :hexes_bonus && a.hexes == [hex] }
    amount = bonus ? bonus.amount : assigned_revenue(fresh, corp, hex)
    next unless amount&.positive?

    events = game.depot.trains.flat_map { |t| t.events.map { |e| [t.name, e['type']] } }.uniq
    until_train = events.find do |_, event|
      _, after, owner = assign_probe(game, company.sym, hex, train: true, loading: true)
      after.send("event_#{event}!")
      if bonus
        owner.all_abilities.none? { |a| a.equal?(bonus) || (a.type == :hexes_bonus && a.hexes == bonus.hexes) }
      else
        assigned_revenue(after, owner, hex)&.zero?
      end
    rescue StandardError
      false
    end
    out[company.sym] = {
      'hexes' => ability.hexes, 'amount' => amount, 'count' => ability.count,
      'until_train' => until_train&.first, 'until_event' => until_train&.last,
      'needs_train' => assign_probe(game, company.sym, hex, train: false, loading: true).nil?,
      'reachable' => assign_probe(game, company.sym, hex, train: true, loading: false).nil?,
      'closes' => fresh.company_by_id(company.sym).closed?,
      'passive' => ability.passive,
    }
  end
end

# What the title's `revenue_for` adds to a route of `corp` stopping at the first revenue
# centre of `hex` (nil when the hex has none or the title refuses the route).
def assigned_revenue(game, corp, hex)
  stop = game.hex_by_id(hex)&.tile&.then { |t| (t.cities + t.towns + t.offboards).first }
  stop && revenue_extra(game, corp, [stop])
end

# Bonuses a title's own `revenue_for` pays a corporation's route for a company assigned
# both to a hex and to that corporation (18xx.games' assignments, 1846's port, meat and
# boomtown bonuses), by company with an `assign_hexes` ability: for each of its hexes,
# what a route stopping there and at another centre earns more once the company owned
# by the first corporation is assigned to both; the train event removing the assignment;
# the hexes' assignments a corporation owning it may make in each operating round; and
# whether a player owning it assigns it to a corporation of their choice.
def assignment_bonuses(game)
  return nil if game.method(:revenue_for).owner == BASE

  game.companies.each_with_object({}) do |company, out|
    abilities = company.all_abilities
    hexes = abilities.find { |a| a.type == :assign_hexes }&.hexes
    next unless hexes

    plain = game_for(game.class, game.players.size, game.optional_rules)
    fresh = assignment_game(game, company.sym, nil).first
    amounts = hexes.to_h { |hex| [hex, assignment_extra(plain, fresh, company.sym, hex)] }
    next unless amounts.values.all? { |a| a.is_a?(Integer) && a.positive? }

    events = game.depot.trains.flat_map { |t| t.events.map { |e| [t.name, e['type']] } }.uniq
    until_train = events.find do |_, event|
      fresh, hex = assignment_game(game, company.sym, hexes.first)
      fresh.send("event_#{event}!")
      !hex.assigned?(company.id)
    rescue StandardError
      false
    end
    owned = abilities.find { |a| a.type == :assign_hexes && a.owner_type == :corporation }
    out[company.sym] = {
      'hexes' => hexes, 'amounts' => amounts, 'count' => owned&.count,
      'others' => others_extra(game, plain, company.sym, hexes.first),
      'closes_in_place' => closes_in_place(game, company.sym, hexes.first),
      'per_round' => owned&.count_per_or, 'when' => Array(owned&.when).map(&:to_s),
      'player_assigns' => abilities.any? { |a| a.type == :assign_corporation && a.owner_type == :player },
      'until_train' => until_train&.first, 'until_event' => until_train&.last,
    }
  end
end

# What a route of another corporation than the one `sym` is assigned to earns more,
# stopping in `hex_id` (assigned) and at another city (1870's open port: $10).
def others_extra(game, plain, sym, hex_id)
  assigned = assignment_game(game, sym, hex_id).first
  [plain, assigned].map { |g| two_stop_extra(g, g.corporations[1], hex_id) }
                   .then { |without, with| with && without ? with - without : nil }
end

# Whether the title's assign step, asked to assign `sym` again to the hex it assigned it
# to, closes the company there (1870's Gulf Shipping Company, its open port closed).
def closes_in_place(game, sym, hex_id)
  _, fresh, corp = assign_probe(game, sym, hex_id, train: true, loading: true)
  return false unless fresh

  step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::Assign) }
  company = fresh.company_by_id(sym)
  step.process_assign(Engine::Action::Assign.new(company, target: fresh.hex_by_id(hex_id)))
  company.closed? && corp.assigned?(sym) == false
rescue StandardError
  false
end

# What the bank pays a corporation's treasury when its par is set, as a multiple of the
# par price, by corporation (1846's Illinois Central: once its par): asked of a fresh game
# at two par prices, after the title's `action_processed` sees the par.
def par_subsidies(game)
  return {} if game.method(:action_processed).owner == BASE

  prices = game.stock_market.par_prices.map(&:price).uniq
  return {} if prices.empty?

  game.corporations.each_with_object({}) do |corp, out|
    multiples = [prices.first, prices.last].uniq.map do |price|
      fresh = game_for(game.class, game.players.size, game.optional_rules)
      c = fresh.corporation_by_id(corp.id)
      share_price = fresh.stock_market.par_prices.find { |p| p.price == price }
      fresh.stock_market.set_par(c, share_price)
      before = c.cash
      fresh.send(:action_processed, Engine::Action::Par.new(fresh.players.first, corporation: c, share_price: share_price))
      (c.cash - before).to_f / price
    rescue StandardError
      nil
    end
    out[corp.id] = multiples.first if multiples.uniq.size == 1 && multiples.first&.positive?
  end
end

# How a title's own dividend step moves share prices (where it overrides the library's
# `share_price_change`): its kinds of dividend (`DIVIDEND_TYPES`) and, for a corporation
# at each price of the market, the move for a dividend of k/20 times the price (k from 0
# to 80): `[price, k, direction, times]` (direction nil: no move).
# The step is the round's last dividend step (an earlier one pays special runs: 1870's
# connection runs); the run's revenue is the dividend's (a step may compare the two). For
# a step that pays half, `half` has the move of each half dividend of which the corporation
# keeps something, `[price, k, direction, times]` as for the samples.
def dividend_moves(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  round = fresh.send(:operating_round, 1)
  step = round.steps.select { |s| s.is_a?(Engine::Step::Dividend) }.last
  return nil unless step
  return nil if step.method(:share_price_change).owner == Engine::Step::Dividend

  run = 0
  fresh.define_singleton_method(:routes_revenue) { |*_args| run }
  # a corporation of the title's first type but minor (1867's majors are built later)
  corp = every_corporation(fresh).find { |c| c.type != :minor } || fresh.corporations.first
  step.define_singleton_method(:current_entity) { corp } # a step may ask who operates (1867's)
  cells = fresh.stock_market.market.flatten.compact.select { |c| c.price.positive? }.uniq(&:price)
  kinds = step.send(:dividend_types).map(&:to_s)
  move = lambda do |cell, k, kept|
    run = (k * cell.price) / 20
    change = step.share_price_change(corp, run - kept.call(run))
    [cell.price, k, change[:share_direction]&.to_s, change[:share_times] || 0]
  end
  samples = cells.flat_map do |cell|
    corp.share_price = cell
    (0..80).map { |k| move.call(cell, k, ->(_) { 0 }) }
  end
  out = { 'kinds' => kinds, 'samples' => samples }
  if kinds.include?('half') && step.respond_to?(:half)
    out['half'] = cells.flat_map do |cell|
      corp.share_price = cell
      (1..80).filter_map do |k|
        run = (k * cell.price) / 20
        move.call(cell, k, ->(r) { step.half(corp, r)[:corporation] }) if step.half(corp, run)[:corporation].positive?
      end
    end
  end
  out
end

# The companies a title's own train events close (1861's and 1867's hidden company, at
# green_minors_available), the library's close_companies aside: a fresh game runs, phase
# by phase, the events of the trains that start them. {sym => phase}; nil when none (or
# the title has no train event of its own).
def event_closings(game)
  phases = game.phase.instance_variable_get(:@phases)
  events = game.depot.trains.group_by(&:name).transform_values do |ts|
    ts.flat_map { |t| t.events.map { |e| e['type'] } }.uniq - ['close_companies']
  end
  own = events.values.flatten.uniq.select { |e| game.respond_to?("event_#{e}!", true) && game.method("event_#{e}!").owner != BASE }
  return nil if own.empty?

  out = {}
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  open = fresh.companies.reject(&:closed?).map(&:sym)
  phases.each_with_index do |phase, index|
    next if index.zero?

    Array(phase[:on]).each { |train| (events[train] || []).each { |e| try { fresh.send("event_#{e}!") } } }
    fresh.companies.select { |c| c.closed? && open.include?(c.sym) }.each { |c| out[c.sym] ||= phase[:name].to_s }
  end
  out.empty? ? nil : out
end

# Whether the title's corporations of type minor operate before the others whatever their
# prices (1867's operating_order): a fresh game's first minor at the lowest par price and
# first other corporation at the highest, both floated, in the order it gives. nil where
# the title has no such pair or the minor comes second.
def minors_first(game)
  fresh = replica(game)
  minor = every_corporation(fresh).find { |c| c.type == :minor }
  other = every_corporation(fresh).find { |c| c.type != :minor && c.type != :national }
  return nil unless minor && other

  prices = fresh.stock_market.par_prices.sort_by(&:price)
  [[minor, prices.first], [other, prices.last]].each do |corp, price|
    fresh.stock_market.set_par(corp, price)
    corp.ipoed = true
    corp.instance_variable_set(:@floated, true)
  end
  fresh.instance_variable_set(:@corporations, fresh.corporations | [minor, other])
  order = fresh.operating_order
  order.index(minor) < order.index(other) ? true : nil
end

# Whether the end of an operating round exports a train in the first phase whose status
# says export_train (1867's or_round_finished; 1861 keeps the status and exports none):
# a fresh game in that phase asked to finish an operating round. nil without the status.
def exports_after_round(game)
  index = game.phase.phases.index { |p| Array(p[:status]).include?('export_train') }
  return nil unless index

  fresh = replica(game)
  fresh.phase.instance_variable_set(:@index, index)
  fresh.phase.send(:setup_phase!) rescue nil
  fresh.instance_variable_set(:@round, fresh.send(:operating_round, 1))
  before = fresh.depot.upcoming.size
  fresh.send(:or_round_finished)
  fresh.depot.upcoming.size < before
end

# How the title's own nationalize! settles a corporation (1867's, 1861's): a fresh game's
# first minor, started at a middle par price with $10 and one loan, nationalised: the
# columns its price moved, and whether the national received the $10. nil where the
# title has no national and no nationalize!.
def settled_nationalization(game)
  return nil unless game.respond_to?(:nationalize!, true)

  fresh = replica(game)
  national = fresh.instance_variable_get(:@national)
  corp = fresh.corporations.find { |c| c.type == :minor }
  return nil unless national && corp

  prices = fresh.stock_market.par_prices.sort_by(&:price)
  fresh.stock_market.set_par(corp, prices[prices.size / 2])
  corp.ipoed = true
  corp.instance_variable_set(:@floated, true)
  loan = fresh.loans.first
  fresh.loans.delete(loan)
  corp.loans << loan
  fresh.bank.spend(10, corp)
  column = corp.share_price.coordinates.last
  before = national.cash
  fresh.define_singleton_method(:close_corporation) { |*_args, **_kwargs| nil } # (its price kept)
  fresh.nationalize!(corp)
  { 'national' => national.name, 'columns' => column - corp.share_price.coordinates.last,
    'treasury_to_national' => national.cash == before + 10 }
end

# The neutral stations a title's own train event takes off the map (1867's green minors
# event lifts those of Timmins and Toronto): {event => [hex, ...]}, each asked of a fresh
# game; nil when none does.
def event_token_removals(game)
  events = game.depot.trains.flat_map { |t| t.events.map { |e| e['type'] } }.uniq
  own = events.select { |e| game.respond_to?("event_#{e}!", true) && game.method("event_#{e}!").owner != BASE }
  out = {}
  own.each do |event|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    before = map_tokens(fresh).reject { |t| t['known'] }
    next if before.empty?

    try { fresh.send("event_#{event}!") }
    after = map_tokens(fresh).reject { |t| t['known'] }
    gone = (before - after).map { |t| t['hex'] }.uniq.sort
    out[event] = gone unless gone.empty?
  end
  out.empty? ? nil : out
end

# What each company's `hex_bonus` ability earns a route of the corporation owning it,
# as the title's own revenue_for pays it (the library leaves the ability to the title):
# a route of the first corporation stopping in the ability's first hex and at another
# city, both worth 10, asked what it earns more with the company than without.
# {sym => {hexes:, amount:}} for those earning the ability's amount; nil when none.
def hex_bonuses(game)
  out = {}
  game.companies.each do |company|
    ability = company.abilities.find { |a| a.type == :hex_bonus }
    next unless ability

    extras = [false, true].map do |owned|
      fresh = game_for(game.class, game.players.size, game.optional_rules)
      corp = fresh.corporations.first
      if owned
        c = fresh.company_by_id(company.sym)
        c.owner = corp
        corp.companies << c
      end
      two_stop_extra(fresh, corp, ability.hexes.first, ability.hexes)
    end
    next if extras.include?(nil) || extras[1] - extras[0] != ability.amount

    out[company.sym] = { 'hexes' => ability.hexes, 'amount' => ability.amount }
  end
  out.empty? ? nil : out
end

# Whether the title's own compute_stops lets the stops of a distance's non-paying part
# pay in the room the paying part's stops leave (1867's towns): a route of the first
# train with such a part, visiting one stop of the paying part's first kind worth 30 and
# one of the other part's worth 10, asked which stops pay. nil where the library decides
# or no train has such a part.
def stops_fill(game)
  return nil if game.method(:compute_stops).owner == BASE

  train = game.depot.trains.find do |t|
    t.distance.is_a?(Array) && t.distance.any? { |d| d['pay'].to_i.zero? } && t.distance.any? { |d| d['pay'].to_i.positive? }
  end
  return nil unless train

  paying = train.distance.find { |d| d['pay'].to_i.positive? }
  free = train.distance.find { |d| d['pay'].to_i.zero? }
  hexes = game.hexes.first(2)
  stop = lambda do |kind, value, hex|
    Struct.new(:type, :hex, :value) do
      def tokened_by?(_corp) = true
      def route_revenue(*_args) = value
      def visit_cost = 1
    end.new(kind.to_sym, hex, value)
  end
  city = stop.call(paying['nodes'].first, 30, hexes[0])
  town = stop.call(free['nodes'].first, 10, hexes[1])
  route = Struct.new(:train, :corporation, :phase, :visited_stops, :hexes).new(
    train, game.corporations.first, game.phase, [city, town], hexes
  )
  game.compute_stops(route).include?(town)
end

# The corporations whose revenue the title's dividend step splits without asking, half
# (rounded down) to the treasury and the rest to the president, as a minor company's
# (18xx.games' MinorHalfPay for corporations of type minor, 1867's own step): in a fresh
# operating round, each corporation in turn the one operating, its run earning 61, the
# step offers no dividend and its payout keeps 30 for the corporation; then the price
# moves of a run earning something (the same for runs of 1, 61 and 1000 at its lowest and
# highest par prices, or `varies`) and of one earning nothing.
# {name => {paid: [moves] | 'varies', none: [moves]}}; nil where the library's step decides.
def split_dividends(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  round = fresh.send(:operating_round, 1)
  step = round.steps.select { |s| s.is_a?(Engine::Step::Dividend) }.last
  return nil if !step || step.method(:actions).owner == Engine::Step::Dividend

  run = 61
  fresh.define_singleton_method(:routes_revenue) { |*_args| run }
  step.define_singleton_method(:routes) { [:a_route] }
  step.define_singleton_method(:total_revenue) { run }
  moves = lambda do |change|
    Array(change[:share_times]).zip(Array(change[:share_direction])).flat_map do |times, direction|
      raise NotImplementedError, "a #{direction} move" unless %i[left right up down].include?(direction)

      [direction.to_s] * times.to_i
    end
  end
  every_corporation(fresh).each_with_object({}) do |corp, out|
    step.define_singleton_method(:current_entity) { corp }
    next if step.actions(corp).include?('dividend')

    payout = step.send(:payout, corp, run)
    next unless payout[:corporation] == 30

    pars = fresh.stock_market.par_prices.minmax_by(&:price)
    paid = pars.product([1, 61, 1000]).map do |par, earned|
      corp.share_price = par
      moves.call(step.send(:share_price_change, corp, earned - step.send(:payout, corp, earned)[:corporation]))
    end.uniq
    out[corp.name] = {
      'paid' => paid.size == 1 ? paid.first : 'varies',
      'none' => moves.call(step.send(:share_price_change, corp, 0)),
    }
  rescue NotImplementedError
    raise
  rescue StandardError
    next
  end
end

# A fresh game in which the first corporation owns `sym`, and `sym` is assigned to it and
# to `hex` (none: to no hex): the game and the hex.
def assignment_game(game, sym, hex_id)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  company = fresh.company_by_id(sym)
  corp = fresh.corporations.first
  company.owner = corp
  corp.companies << company
  hex = hex_id && fresh.hex_by_id(hex_id)
  hex&.assign!(company.id)
  corp.assign!(company.id)
  [fresh, hex]
end

# What a route of the first corporation stopping in `hex_id` and at another centre earns
# more with `sym` assigned to the hex and the corporation than without: asked of `plain`,
# a fresh game, and `assigned`, one where the first corporation owns `sym` and has it
# assigned (`assignment_game`), whose hex is assigned for the question only.
def assignment_extra(plain, assigned, sym, hex_id)
  assigned.hex_by_id(hex_id).assign!(sym)
  [plain, assigned].map { |g| two_stop_extra(g, g.corporations.first, hex_id) }
                   .then { |without, with| with && without ? with - without : nil }
ensure
  assigned.hex_by_id(hex_id).remove_assignment!(sym)
end

# What the title's `revenue_for` adds to a route of `corp` stopping at the first revenue
# centre of `hex_id` and at a city of the first other hex (none of `away`), both worth
# 10; nil when either stop or `corp` is missing, or the title refuses the route.
def two_stop_extra(game, corp, hex_id, away = [hex_id])
  h = game.hex_by_id(hex_id)
  stop = (h.tile.cities + h.tile.towns + h.tile.offboards).first
  other = game.hexes.flat_map { |x| away.include?(x.id) ? [] : x.tile.cities }.first
  return nil unless stop && other && corp

  revenue_extra(game, corp, [ValuedStop.new(stop, 10), ValuedStop.new(other, 10)])
end

# A fresh game in which the first corporation owns `sym` (and a train if `train`) and the
# title's operating assign step assigns it to `hex`, in the corporation's operating turn:
# the abilities the corporation gained, the game and the corporation; nil when the step
# refuses. A company whose
# `assign_corporation` ability acts when it is sold is assigned to the corporation, as the
# library's company purchase does.
def assign_probe(game, sym, hex, train:, loading:)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  company = fresh.company_by_id(sym)
  corp = fresh.corporations.first
  company.owner = corp
  corp.companies << company
  corp.assign!(company.id) if fresh.abilities(company, :assign_corporation, time: 'sold')
  fresh.buy_train(corp, fresh.depot.upcoming.first, :free) if train
  fresh.instance_variable_set(:@loading, loading)
  round = fresh.send(:operating_round, 1)
  round.instance_variable_set(:@current_operator, corp) # the owner's turn: abilities usable in it
  fresh.instance_variable_set(:@round, round)
  step = round.steps.find { |s| s.is_a?(Engine::Step::Assign) }
  return nil unless step

  before = corp.all_abilities.dup
  step.process_assign(Engine::Action::Assign.new(company, target: fresh.hex_by_id(hex)))
  [corp.all_abilities - before, fresh, corp]
rescue StandardError
  nil
end

# Whether a player who bought a share of a corporation in their stock turn may then sell
# of it only while keeping one (1856's unvested share): in a fresh game's second stock
# round a corporation is started, the second player holds one share of it (given, not
# bought) and may sell it; after buying another in the turn, the title's stock step lets
# them sell one of the two but not both — while a player given both (none bought) may
# sell both (18ChristmasEve's two-player game refuses that sale for another reason).
def keep_bought(game)
  own = game.send(:stock_round).steps.any? { |s| s.respond_to?(:can_sell?) && !s.class.name.start_with?('Engine::Step::') }
  return false unless own
  return false unless bought_keeps_one?(game, buy: true)

  !bought_keeps_one?(game, buy: false)
rescue StandardError
  false # a title whose stock step cannot be played this way: nothing found
end

# The probe of `keep_bought`: whether the second player, holding one share given and one
# more (bought in the turn with `buy`, else given too), may sell the first alone but not
# both.
def bought_keeps_one?(game, buy:)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  fresh.instance_variable_set(:@turn, 2)
  round = fresh.send(:stock_round)
  fresh.instance_variable_set(:@round, round)
  step = round.steps.find { |s| s.respond_to?(:process_buy_shares) && s.respond_to?(:can_sell?) }
  corp = fresh.corporations.find { |c| c.shares.any?(&:president) && c.shares.size > 3 }
  return false unless step && corp

  first, second = fresh.players
  fresh.stock_market.set_par(corp, fresh.stock_market.par_prices.first)
  given, other, bought = corp.shares.reject(&:president)
  fresh.share_pool.buy_shares(first, corp.shares.find(&:president), exchange: :free)
  fresh.share_pool.buy_shares(second, given, exchange: :free)
  fresh.share_pool.buy_shares(first, other, exchange: :free)
  corp.ipoed = true
  corp.float! if corp.respond_to?(:float!) && !corp.floated?
  return false unless step.can_sell?(second, Engine::ShareBundle.new([given]))

  round.instance_variable_set(:@entity_index, fresh.players.index(second))
  if buy
    step.process_buy_shares(Engine::Action::BuyShares.new(second, shares: [bought], share_price: bought.price))
  else
    fresh.share_pool.buy_shares(second, bought, exchange: :free)
  end
  step.can_sell?(second, Engine::ShareBundle.new([given])) &&
    !step.can_sell?(second, Engine::ShareBundle.new([given, bought]))
end

# A fresh game of `game`'s title in its first operating round (`setup`: the round set up),
# its first corporation with a president's certificate parred at `par` (the first par
# price by default), three of its shares with the first player, and operating:
# `[fresh, round, corporation]`, for the probes that ask what an operating step allows.
def operating_probe(game, par: nil, setup: true)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  round = fresh.send(:operating_round, 1)
  round.setup if setup
  fresh.instance_variable_set(:@round, round)
  corp = fresh.corporations.find { |c| c.shares.any?(&:president) }
  fresh.stock_market.set_par(corp, par&.call(fresh) || fresh.stock_market.par_prices.first)
  corp.shares.first(3).each { |share| fresh.share_pool.buy_shares(fresh.players.first, share, exchange: :free) }
  round.instance_variable_set(:@current_operator, corp)
  [fresh, round, corp]
end

# The operating steps in which a corporation takes loans without asking (18xx.games'
# AutomaticLoan: 1867's track and train buying), what a loan brings less than its value
# (one taken by the first corporation of a fresh game), and the most loans each
# corporation may hold. nil where no step takes loans so.
def automatic_loans(game)
  return nil unless game.respond_to?(:maximum_loans) && game.respond_to?(:take_loan)

  kinds = game.send(:operating_round, 1).steps.filter_map do |step|
    next unless step.class.ancestors.include?(Engine::Step::AutomaticLoan)

    if step.is_a?(Engine::Step::BuyTrain) then 'buy_train'
    elsif step.is_a?(Engine::Step::Track) then 'track'
    end
  end.uniq
  return nil if kinds.empty?

  fresh = game_for(game.class, game.players.size, game.optional_rules)
  corp = fresh.corporations.first
  loan = fresh.loans.first
  before = corp.cash
  fresh.take_loan(corp, loan)
  {
    'steps' => kinds,
    'fee' => loan.amount - (corp.cash - before),
    'max_loans' => (every_corporation(fresh) + [fresh.instance_variable_get(:@national)].compact).uniq
      .to_h { |c| [c.name, fresh.maximum_loans(c)] },
  }
end

# The operating steps that count a loan the corporation may still take in what it can
# spend (1856's token and company purchases): in a fresh game's operating round the first
# corporation, whose shares a player holds, has no cash; the library step kinds (`token`,
# `buy_company`, `buy_train`) of the title's steps whose spending power is then a loan's
# value.
LOAN_STEP_KINDS = { 'Token' => 'token', 'BuyCompany' => 'buy_company', 'BuyTrain' => 'buy_train' }.freeze

def loan_spending(game)
  return [] unless game.respond_to?(:can_take_loan?) && game.respond_to?(:loan_value)

  fresh, round, corp = operating_probe(game)
  return [] unless fresh.can_take_loan?(corp)

  round.steps.filter_map do |step|
    kind = LOAN_STEP_KINDS.find { |name, _| step.is_a?(Engine::Step.const_get(name)) }&.last
    next unless kind && step.respond_to?(:buying_power)

    kind if (step.buying_power(corp) - corp.cash) == fresh.loan_value(corp)
  rescue StandardError
    nil
  end.uniq
rescue StandardError
  []
end

# The operating steps that count the shares a corporation may still issue in what it can
# spend (1846's track and token, company purchases), where the title's own `buying_power`
# may: in a fresh game's operating round the first corporation, whose shares a player
# holds, has no cash; the library step kinds (`Track`, `Tokener`, `BuyCompany`) of the
# title's steps whose spending power is then the most its issuable shares fetch.
ISSUE_STEP_KINDS = { 'Track' => 'track', 'Tokener' => 'token', 'BuyCompany' => 'buy_company' }.freeze

def issue_spending(game)
  return [] if game.method(:buying_power).owner == BASE || !game.respond_to?(:issuable_shares)

  fresh, round, corp = operating_probe(game)
  issued = Array(fresh.issuable_shares(corp)).map(&:price).max
  return [] unless issued&.positive?

  round.steps.flat_map do |step|
    kinds = ISSUE_STEP_KINDS.select { |name, _| step.is_a?(Engine::Step.const_get(name)) }.values
    next [] if kinds.empty? || !step.respond_to?(:buying_power, true)

    step.send(:buying_power, corp) - corp.cash == issued ? kinds : []
  rescue StandardError
    []
  end.uniq
rescue StandardError
  []
end

# Whether a station costs its charter price times its distance in hexes from the
# corporation's nearest station (1867's `Token` step, its `adjust_token_price_ability!`):
# in a fresh game a corporation of two tokens or more is given a station in a free city,
# and the step is asked the price of its second token in cities two and three hexes away.
# nil where the title's step has no such method or the probe finds no such cities.
def token_distance_prices(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  step = fresh.send(:operating_round, 1).steps.find { |s| s.is_a?(Engine::Step::Tokener) }
  return nil unless step.respond_to?(:adjust_token_price_ability!)

  corp = every_corporation(fresh).find { |c| c.tokens.size >= 2 && c.tokens[1].price.positive? }
  return nil unless corp

  cities = fresh.hexes.select { |h| h.tile.cities.any? }
  home = cities.find { |h| (city = h.tile.cities.first).tokens.none? && city.get_slot(corp) }
  return nil unless home

  home.tile.cities.first.place_token(corp, corp.tokens.first, free: true, check_tokenable: false)
  base = corp.tokens[1].price
  far = cities.reject { |h| h == home }.group_by { |h| h.distance(home) }
  asked = [2, 3].filter_map { |d| far[d]&.first }.map do |hex|
    token = Engine::Token.new(corp, price: base)
    step.adjust_token_price_ability!(corp, token, hex, hex.tile.cities.first)
    [hex.distance(home), token.price]
  end
  return nil if asked.size < 2

  asked.all? { |d, price| price == base * d }
end
# The number of operating rounds of the sets played once the end is triggered, where the
# title's `final_operating_rounds` changes with the trigger (1867: 3): a fresh game asked
# before and after its `game_end_set_final_turn!` for a trigger in the second operating
# round of a set (`rounds`); and whether a trigger in the first ends the game with that
# set instead of the next (`first_round_ends_set`, 1861's). nil where nothing changes.
def final_operating_rounds(game)
  ends = [1, 2].map do |round_num|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    fresh.instance_variable_set(:@round, fresh.send(:operating_round, round_num))
    before = fresh.send(:final_operating_rounds)
    fresh.send(:game_end_set_final_turn!, :final_phase, :one_more_full_or_set)
    after = fresh.send(:final_operating_rounds)
    [after.is_a?(Integer) && after != before ? after : nil, fresh.instance_variable_get(:@final_turn) == fresh.turn]
  end
  return nil unless ends[1][0]

  { 'rounds' => ends[1][0], 'first_round_ends_set' => ends[0][1] && !ends[1][1] }
end

# What the operating round's share issue step (an `IssueShares` of 18xx.games) offers: in a
# fresh operating round the first corporation of five shares or more, parred, with three
# held by a player, two in the bank pool and cash to spare, is asked the step's actions:
# `issues` (sell_shares), `redeems` (buy_shares), `waits` (a pass offered: the step blocks);
# and what a share of the smallest bundle of each fetches or costs, as steps from its price
# (`issue_steps`, `redeem_steps`: -1 a step left, 0 its price, 1 a step right; nil where
# none is offered or it matches neither). nil where the round has no such step.
def issue_step(game)
  pick = ->(fresh) { every_corporation(fresh).find { |c| c.shares.size >= 5 && c.shares.first&.president } }
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  round = fresh.send(:operating_round, 1)
  step = round.steps.find { |s| s.is_a?(Engine::Step::IssueShares) }
  return nil unless step

  corp = pick.call(fresh)
  return nil unless corp

  fresh.instance_variable_set(:@round, round)
  fresh.stock_market.set_par(corp, fresh.stock_market.par_prices.max_by(&:price))
  corp.shares.first(3).each { |share| fresh.share_pool.buy_shares(fresh.players.first, share, exchange: :free) }
  corp.ipoed = true
  treasury = corp.shares_of(corp).reject(&:president)
  fresh.share_pool.transfer_shares(Engine::ShareBundle.new(treasury.last(2)), fresh.share_pool)
  fresh.bank.spend(2000, corp)
  round.instance_variable_set(:@entities, [corp])
  round.instance_variable_set(:@entity_index, 0)
  round.instance_variable_set(:@current_operator, corp)
  actions = step.actions(corp)
  price = corp.share_price.price
  steps_of = lambda do |bundles|
    one = Array(bundles).min_by(&:num_shares)
    next nil unless one

    each = one.price / one.num_shares
    { -1 => [:left], 0 => [], 1 => [:right] }.find do |_, moves|
      (moves.empty? ? price : fresh.stock_market.find_share_price(corp, moves).price) == each
    end&.first
  end
  {
    'issues' => actions.include?('sell_shares'), 'redeems' => actions.include?('buy_shares'),
    'waits' => actions.include?('pass'),
    'issue_steps' => actions.include?('sell_shares') ? steps_of.call(step.issuable_shares(corp)) : nil,
    'redeem_steps' => actions.include?('buy_shares') ? steps_of.call(step.redeemable_shares(corp)) : nil,
  }
end

# The terms of a corporation's emergency issue (18xx.games' `emergency_issuable_bundles`
# where `MUST_EMERGENCY_ISSUE_BEFORE_EBUY`): in a fresh operating round the first
# corporation, parred at its dearest par price with four shares held by a player, no cash
# and no train, is asked its issues: `price_steps`, how many steps left of its price beyond
# one a share of an issue of one fetches; `only_needed`, whether fewer issues are offered
# than it has shares to issue; `moves_left`, whether the train step's issue of one share
# moves the price a step left (nil: the title has no emergency issue, or it cannot be read).
def emergency_issue(game)
  return nil unless game.class::MUST_EMERGENCY_ISSUE_BEFORE_EBUY

  dearest = ->(fresh) { fresh.stock_market.par_prices.max_by(&:price) }
  fresh, round, corp = operating_probe(game, par: dearest, setup: false)
  corp.spend(corp.cash, fresh.bank) if corp.cash.positive?
  found = fresh.emergency_issuable_bundles(corp)
  return nil if found.empty?

  one = found.find { |b| b.num_shares == 1 }
  return nil unless one

  steps = (1..6).find { |n| fresh.stock_market.find_share_price(corp, [:left] * n).price == one.price_per_share }
  return nil unless steps

  possible = corp.shares_of(corp).count { |s| !s.president }
  step = round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
  before = corp.share_price
  moved = nil
  if step.respond_to?(:process_issue_shares, true)
    step.send(:process_issue_shares, Engine::Action::SellShares.new(corp, shares: one.shares, share_price: one.price_per_share, percent: one.percent))
    moved = corp.share_price.price < before.price
  end
  { 'price_steps' => steps - 1, 'only_needed' => found.size < [possible, 3].min, 'moves_left' => moved,
    'no_companies_without_train' => companies_after_issue(fresh, round, corp) }
end

# Whether the president of a corporation that must buy a train pays towards it only
# while the corporation cannot pay for the cheapest depot train itself: the train step's
# `president_may_contribute?` (its `must_buy_train?` answered yes, its
# `must_issue_before_ebuy?` no) asked of a corporation
# without cash, then with the cheapest depot price. True where the first is yes and the
# second no (1846's `ebuy_president_can_contribute?`); nil where the probe cannot tell.
def help_below_cheapest(game)
  fresh, round, corp = operating_probe(game, setup: false)
  step = round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
  return nil unless step.respond_to?(:president_may_contribute?, true)

  round.instance_variable_set(:@entities, [corp])
  round.instance_variable_set(:@entity_index, 0)
  step.define_singleton_method(:must_buy_train?) { |_entity| true }
  step.define_singleton_method(:must_issue_before_ebuy?) { |_entity| false }
  cheapest = fresh.depot.min_depot_price
  return nil unless cheapest.positive?

  corp.spend(corp.cash, fresh.bank) if corp.cash.positive?
  broke = step.send(:president_may_contribute?, corp)
  fresh.bank.spend(cheapest, corp)
  flush = step.send(:president_may_contribute?, corp)
  broke && !flush ? true : (broke && flush ? false : nil)
rescue StandardError, NotImplementedError
  nil
end

# Whether the president of a corporation that must buy a train may sell one of its
# shares where the sale would close it (its price one step from a closing cell): the
# train step's `sellable_bundle?` asked of a share of the operating corporation at its
# par, then at a price beside a closing cell. False where the first is sellable and the
# second not (1846); nil where the market has no closing cell or the probe cannot tell.
def sells_closing_buyer(game)
  market = game.stock_market
  return nil unless market.respond_to?(:has_close_cell) && market.has_close_cell

  edge = nil
  market.market.each_with_index do |row, r|
    row.each_with_index do |cell, c|
      edge ||= [r, c] if cell && cell.type != :close && c.positive? && row[c - 1]&.type == :close
    end
  end
  return nil unless edge

  fresh, round, corp = operating_probe(game, setup: false)
  step = round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
  return nil unless step.respond_to?(:sellable_bundle?, true)

  round.instance_variable_set(:@entities, [corp])
  round.instance_variable_set(:@entity_index, 0)
  share = corp.owner.shares_of(corp).find { |s| !s.president }
  return nil unless share

  bundle = Engine::ShareBundle.new([share])
  at_par = step.send(:sellable_bundle?, bundle)
  fresh.stock_market.move(corp, edge, force: true)
  at_edge = step.send(:sellable_bundle?, bundle)
  at_par && !at_edge ? false : (at_par && at_edge ? true : nil)
rescue StandardError, NotImplementedError
  nil
end

# Whether the round's company step, which lets the corporation (without a train, given
# money, a company for sale) buy a company, refuses once the round notes an emergency
# issue (1846); nil where the probe cannot tell.
def companies_after_issue(fresh, round, corp)
  step = round.steps.find { |s| s.is_a?(Engine::Step::BuyCompany) }
  return nil unless step && round.respond_to?(:emergency_issued=) && corp.trains.empty?

  company = fresh.companies.find { |c| !c.closed? && !c.owner }
  return nil unless company

  player = fresh.players.first
  company.owner = player
  player.companies << company
  fresh.bank.spend(1000, corp)
  round.instance_variable_set(:@entities, [corp])
  round.instance_variable_set(:@entity_index, 0)
  asked = [false, true].map do |issued|
    round.emergency_issued = issued
    step.can_buy_company?(corp)
  end
  asked == [true, false] ? true : (asked == [true, true] ? false : nil)
rescue StandardError, NotImplementedError
  nil
end

# Whether the title (or a title it derives from: 1846's 2p variant) has a step class of
# its own that defines `buying_power` (the probe below is only worth a fresh game then).
def own_buying_power?(game)
  games = game.class.ancestors.select { |a| a.is_a?(Class) && a != BASE && a.name.to_s.end_with?('::Game') }
  games.any? do |game_class|
    mod = Object.const_get(game_class.name.sub(/::Game\z/, ''))
    next false unless mod.const_defined?(:Step, false)

    steps = mod.const_get(:Step, false)
    steps.constants.any? do |name|
      klass = steps.const_get(name)
      klass.is_a?(Class) && klass.method_defined?(:buying_power) && klass.instance_method(:buying_power).owner == klass
    end
  end
rescue StandardError, NameError
  true
end

# What the title's own train-buying and track steps count in a corporation's buying power
# besides its cash: in a fresh operating round the first corporation, with cash and three
# shares with a player, holds 0 to 3 trains while a minor a player owns has 0 or 50 in its
# treasury; `minor_cash`: the numbers of trains with which the minor's 50 counts less 1 (the
# least its company costs), by step kind (`train`, `track`); nil: the library's buying
# power (the shares it may issue: `issue_spending`).
def buying_power(game)
  return nil unless own_buying_power?(game)

  fresh, round, corp = operating_probe(game, setup: false)
  minor = fresh.minors.first
  kinds = { 'train' => Engine::Step::BuyTrain, 'track' => Engine::Step::TrackAndToken }
  steps = kinds.transform_values { |k| round.steps.find { |s| s.is_a?(k) } }.compact
  steps.reject! { |_, s| !s.respond_to?(:buying_power) || s.method(:buying_power).owner.name.to_s.start_with?('Engine::Step::') }
  return nil if steps.empty?

  fresh.bank.spend(100, corp)
  minor.owner = fresh.players.last if minor
  out = steps.transform_values { |_| { 'minor_cash' => [] } }
  (0..3).each do |count|
    fresh.depot.upcoming.first(count - corp.trains.size).each { |t| fresh.buy_train(corp, t, :free) } if corp.trains.size < count
    steps.each do |kind, step|
      before = step.buying_power(corp)
      next unless minor

      fresh.bank.spend(50, minor)
      after = step.buying_power(corp)
      minor.spend(50, fresh.bank)
      out[kind]['minor_cash'] << count if after - before == 49
    end
  end
  out
end

# The rights to a route bonus that go with a company (1856's tunnel and bridge): in a fresh
# game the first corporation owns every company and buys this one (the library's
# `company_bought` hook) and
# gains `hex_bonus` abilities (hexes, amount); then, in an operating round, the title's
# special-buy step offers the other corporations an item that gives them the same bonus:
# its name and price, and how many the others may buy (nil: more than the corporations
# but two).
def route_rights(game)
  return {} if game.method(:company_bought).owner == BASE

  game.companies.each_with_object({}) do |company, out|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    held = fresh.company_by_id(company.sym)
    buyer, *others = fresh.corporations
    before = buyer.all_abilities.dup
    fresh.companies.each do |other| # every company a corporation's, as a special buy may ask its owner
      other.owner = buyer
      buyer.companies << other
    end
    fresh.company_bought(held, buyer)
    bonus = (buyer.all_abilities - before).find { |a| a.type == :hex_bonus }
    next unless bonus

    round = fresh.send(:operating_round, 1)
    round.setup
    fresh.instance_variable_set(:@round, round)
    step = round.steps.find { |s| s.is_a?(Engine::Step::SpecialBuy) }
    next unless step

    found = nil
    sold = others.take_while do |corp|
      fresh.bank.spend(1000, corp)
      round.instance_variable_set(:@current_operator, corp)
      gained = corp.all_abilities.dup
      bought = step.buyable_items(corp).find do |it|
        step.process_special_buy(Engine::Action::SpecialBuy.new(corp, item: it))
        (corp.all_abilities - gained).any? { |a| a.type == :hex_bonus && a.hexes == bonus.hexes }
      end
      found ||= { 'item' => bought.description, 'price' => bought.cost } if bought
      bought
    end
    next unless found

    out[company.sym] = {
      'hexes' => bonus.hexes, 'amount' => bonus.amount,
      'copies' => sold.size < others.size ? sold.size : nil,
    }.merge(found)
  rescue StandardError
    next
  end
end

# Whether the player with the most cash gets priority deal, the seats keeping their order
# (18Rhl's `reorder_players`): in two fresh games the last and the second-last player are
# given the most cash, and the players are reordered as after a round.
def priority_to_most_cash(game)
  return false if game.players.size < 3

  [1, 2].all? do |back|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    rich = fresh.players[-back]
    seats = fresh.players.dup
    fresh.bank.spend(1000, rich)
    fresh.send(:reorder_players)
    fresh.players.first == rich && fresh.players == seats.rotate(seats.index(rich))
  end
end

# The companies carrying a president's certificate that close once its par is set (18TN's
# Louisville and Nashville Railroad): in a fresh game the first player owns the company, and
# sets the corporation's par as the library's pending-par step does.
def closes_when_par_set(game)
  game.companies.select { |c| president_certificate?(c) }.each_with_object([]) do |company, out|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    held = fresh.company_by_id(company.sym)
    share = held.all_abilities.find { |a| a.type == :shares }&.shares&.first
    next unless share.respond_to?(:president) && share.president

    corp = share.corporation
    player = fresh.players.first
    held.owner = player
    player.companies << held
    fresh.stock_market.set_par(corp, fresh.stock_market.par_prices.first)
    fresh.share_pool.buy_shares(player, share, exchange: :free)
    fresh.after_par(corp)
    out << company.sym if held.closed?
  rescue StandardError
    next # a par the title does not let be set this way: nothing found
  end
end

# Whether `company`'s shares ability gives a president's certificate (asked of the built
# game, so that only such companies cost a fresh game in `closes_when_par_set`).
def president_certificate?(company)
  share = company.all_abilities.find { |a| a.type == :shares }&.shares&.first
  share.respond_to?(:president) && share.president ? true : false
rescue StandardError
  true # undecided here: the fresh game decides
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

# The upgrades a title's own `upgrades_to?` allows from a later phase on beyond the
# library's rule (1856's town tiles in its gray phases): {from => {to => first phase}},
# asked of a fresh game whose phase is set to each phase in turn.
def late_upgrades(game)
  return {} if game.method(:upgrades_to?).owner == Engine::Game::Base

  library = Engine::Game::Base.instance_method(:upgrades_to?).bind(game)
  tiles = game.tiles.uniq(&:name)
  phase = game.phase
  found = {}
  early = nil
  seen = []
  phase.phases.each_with_index do |spec, index|
    terms = [Array(spec[:tiles]), spec[:status] || []]
    next if seen.include?(terms) # the same tiles and status as an earlier phase: the same answers

    seen << terms
    { index: index, name: spec[:name], tiles: Array(spec[:tiles]), status: spec[:status] || [] }.each do |k, v|
      phase.instance_variable_set(:"@#{k}", v)
    end
    allowed = tiles.flat_map do |from|
      tiles.select do |to|
        to != from && !(library.call(from, to) rescue true) && (game.upgrades_to?(from, to) rescue false)
      end.map { |to| [from.name, to.name] }
    end
    early ||= allowed
    (allowed - early).each { |from, to| (found[from] ||= {})[to] ||= spec[:name] }
  end
  found
end

# A stand-in for a route, for asking a title's `revenue_for` about stops: the train (of
# the depot's first type, run by `owner`), the phase and the stops.
ProbeTrain = Struct.new(:owner, :name, :distance, :multiplier, :id)
RevenueRoute = Struct.new(:train, :phase, :stops, :corporation) do
  def hexes
    stops.map(&:hex)
  end
end

# What a title's own `revenue_for` adds to a route of `corporation` stopping at `stops`,
# over the stops' values (nil when it refuses the route or asks the route more).
def revenue_extra(game, corporation, stops, multiplier: nil)
  first = game.depot.upcoming.first
  train = ProbeTrain.new(corporation, first.name, first.distance, multiplier || first.multiplier, "#{first.name}-probe")
  route = RevenueRoute.new(train, game.phase, stops, corporation)
  game.revenue_for(route, stops) - stops.sum { |s| s.route_revenue(game.phase, train) }
rescue StandardError, NotImplementedError
  nil
end

# The hexes among which each corporation without a home chooses one, where the title's
# own `home_token_locations` keeps the choice to fewer hexes than those with a city,
# asked of a fresh game whose every city takes a token (18 Los Angeles 2's PER). {sym => [hex]};
# nil where the title keeps the engine's.
def home_hexes(game)
  return nil if game.method(:home_token_locations).owner == BASE

  fresh = replica(game)
  # every city open, so that the setup's stations leave no hex out
  cities = fresh.hexes.flat_map { |h| h.tile.cities }
  cities.each { |c| c.define_singleton_method(:tokenable?) { |*_args, **_kwargs| true } }
  # and empty, so that no station at setup (a neutral one an event lifts) leaves one out
  cities.each { |c| c.tokens.compact.each(&:remove!) }
  open = fresh.hexes.reject { |h| h.tile.cities.empty? }.map(&:id)
  out = every_corporation(fresh).filter_map do |corp|
    next if corp.coordinates

    chosen = Array(fresh.home_token_locations(corp)).map(&:id)
    next if chosen.empty? || (open - chosen).empty? || !(chosen - open).empty?

    [corp.name, chosen]
  rescue StandardError
    nil
  end.to_h
  out.empty? ? nil : out
end

# Where a corporation choosing its home may not go for the stations there (1867's
# home_token_locations): for each corporation without a home, a fresh game's first empty
# city among its choices, given a slot more and asked again with another corporation's
# station in it
# ('city' or 'hex' when then left out), and, if so, with a neutral station instead
# ('city' when that leaves it out too: no station at all; else 'hex': no other
# corporation's station in any city of the hex). {name => 'city' | 'hex'}; nil when none.
def home_alone(game)
  return nil if game.method(:home_token_locations).owner == BASE

  out = every_corporation(game).filter_map do |corp|
    next if corp.coordinates

    answers = [false, true].map do |neutral|
      fresh = replica(game)
      own = every_corporation(fresh).find { |c| c.name == corp.name }
      hex = Array(fresh.home_token_locations(own)).find { |h| h.tile.cities.any? { |c| c.tokens.none? } }
      next nil unless hex

      city = hex.tile.cities.find { |c| c.tokens.none? }
      city.instance_variable_set(:@slots, city.slots + 1) # (room left beside the station)
      city.tokens << nil
      other = fresh.corporations.find { |c| c != own }
      token = Engine::Token.new(other, price: 0, type: neutral ? :neutral : :normal)
      city.place_token(other, token, free: true, check_tokenable: false)
      !Array(fresh.home_token_locations(own)).include?(hex)
    end
    next unless answers[0]

    [corp.name, answers[1] ? 'city' : 'hex']
  rescue StandardError
    nil
  end.to_h
  out.empty? ? nil : out
end

# Whether a corporation choosing its home may only go in a hex none of whose cities has
# track to another stop (1867's `unconnected_hexes`): for each corporation without a home,
# the title's `home_token_locations` asked of fresh games where that filter keeps one hex
# (the choice is then that hex: the filter is asked) and where it keeps none ('only' when
# the choice is then empty, 'first' when it is every open hex). {name => 'only' |
# 'first'}; nil when none.
def home_unconnected(game)
  return nil unless game.respond_to?(:unconnected_hexes, true)

  out = every_corporation(game).filter_map do |corp|
    next if corp.coordinates

    answers = [->(locs) { locs.first(1) }, ->(_locs) { [] }].map do |keep|
      fresh = replica(game)
      own = every_corporation(fresh).find { |c| c.name == corp.name }
      fresh.define_singleton_method(:unconnected_hexes) { |locs| keep.call(locs) }
      Array(fresh.home_token_locations(own)).size
    end
    next unless answers[0] == 1

    [corp.name, answers[1].zero? ? 'only' : 'first']
  rescue StandardError
    nil
  end.to_h
  out.empty? ? nil : out
end

# How the title's stock step starts corporations by a bid (18xx.games'
# BuySellParSharesViaBid: 1867's minors, 18Ireland's, 18NY's), played in a fresh game's
# stock round: the first player opens with the least bid on the first corporation
# started by bid, the second outbids them, everybody else passes. Says which
# corporations are started so, the least bid and highest par (the step's MIN_BID and
# MAX_MINOR_PAR), the par and treasury the winning bid made, whose turn follows (the
# player after the `winner` or after the `opener`), and which corporations may be bid on
# once the first is started. nil when no corporation is started by a bid.
def start_bids(game)
  fresh = replica(game)
  fresh.instance_variable_set(:@round, fresh.send(:stock_round))
  step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::BuySellParSharesViaBid) }
  return nil unless step

  kinds = ->(g) { g.corporations.to_h { |c| [c.name, plain(try { step.ipo_type(c) })] } }
  before = kinds.call(fresh)
  by_bid = before.select { |_, v| v == 'bid' }.keys
  return nil if by_bid.empty?

  out = { 'kinds' => before }
  %w[MIN_BID MAX_MINOR_PAR].each { |c| out[c] = step.class.const_get(c) if step.class.const_defined?(c) }
  fresh.define_singleton_method(:place_home_token) { |*_args| nil }
  first, second = fresh.players
  corp = fresh.corporation_by_id(by_bid.first)
  out['min_bid'] = step.min_bid(corp)
  fresh.process_action(Engine::Action::Bid.new(first, corporation: corp, price: step.min_bid(corp)))
  bid = step.min_bid(corp)
  fresh.process_action(Engine::Action::Bid.new(second, corporation: corp, price: bid))
  10.times do
    break unless fresh.round.active_step == step && step.auctioning_corporation

    fresh.process_action(Engine::Action::Pass.new(fresh.round.active_entities.first))
  end
  out['bid'] = bid
  out['treasury'] = corp.cash
  out['par'] = corp.par_price&.price
  out['president'] = corp.owner == second
  following = fresh.round.active_entities.first
  players = fresh.players
  out['turn_after'] = if following == players[(players.index(second) + 1) % players.size]
                        'winner'
                      elsif following == second
                        'opener'
                      end
  out['kinds_after'] = kinds.call(fresh)
  out
end

# The par prices the stock step offers each corporation (18xx.games' get_par_prices,
# to a player with money enough for any), where they differ between corporations:
# {corporation => [price, ...]}; nil where every corporation has the same.
def par_prices(game)
  fresh = replica(game)
  round = fresh.send(:stock_round)
  step = round.steps.find { |s| s.respond_to?(:get_par_prices) }
  return nil if step.nil? || step.method(:get_par_prices).owner == Engine::Step::BuySellParShares

  rich = fresh.players.first
  rich.instance_variable_set(:@cash, rich.cash + 100_000)
  out = every_corporation(fresh).to_h do |corp|
    [corp.name, step.get_par_prices(rich, corp).map(&:price).uniq.sort]
  rescue StandardError
    [corp.name, nil]
  end.compact
  out.values.uniq.size > 1 ? out : nil
end

# The first phase from which the stock step lets a player start each corporation the
# first phase does not (1867's majors from phase 4): asked of the title's can_par? and
# its stock step's ipo_type, phase by phase. {corporation => phase, 'never' => [those no
# phase lets a player start: 1867's national, 18Ireland's minors but the first], 'built'
# => [the game's corporations]}; nil when none waits.
def available_from(game)
  return nil unless own_starts?(game)

  # asked of two seeds: answers that differ between them come of a random setup (1868
  # Wyoming's stacks of corporations, whose tops alone may start), not of phases
  first, second = [1, 2].map { |seed| phases_to_start(game, seed) }
  return nil if first != second || first.empty?

  first.merge('built' => every_corporation(game).map(&:name))
end

# The corporations a player may start in the second stock round but not in the first
# (18NY's majors but the D&H): asked of the title's can_par? and its stock step's
# ipo_type in the first phase. nil when there are none.
def later_starts(game)
  return nil unless own_starts?(game)

  startable = [1, 2].map do |turn|
    fresh = replica(game)
    fresh.instance_variable_set(:@turn, turn)
    startable_corporations(fresh)
  end
  later = startable[1] - startable[0]
  later.empty? ? nil : later
end

def phases_to_start(game, seed)
  phases = game.phase.instance_variable_get(:@phases)
  names = phases.map { |p| p[:name] }
  events = game.depot.trains.group_by(&:name).transform_values { |ts| ts.flat_map { |t| t.events.map { |e| e['type'] } }.uniq }
  startable = names.each_index.map do |index|
    fresh = replica(game, seed: seed)
    phase = fresh.phase
    phase.instance_variable_set(:@index, index)
    phase.setup_phase!
    # the events of the trains that started the phases so far (1867's majors join then)
    phases[1..index].each do |p|
      Array(p[:on]).each { |train| (events[train] || []).each { |e| try { fresh.send("event_#{e}!") } } }
    end
    # a later stock round (18NY's first starts no major but the D&H: left to a probe of its own)
    fresh.instance_variable_set(:@turn, 2)
    startable_corporations(fresh)
  end
  out = {}
  never = []
  every_corporation(game).each do |corp|
    next if startable.first.include?(corp.name)

    index = startable.index { |names_ok| names_ok.include?(corp.name) }
    index ? out[corp.name] = names[index].to_s : never << corp.name
  end
  out['never'] = never unless never.empty?
  out
end

# The corporations the first player of `game` may start now, as the title's can_par? and
# its stock step's ipo_type answer (a text is a refusal). Where only one may, it is taken
# for started and the others asked again (1861's Nikolaev, which must start first; the
# game is the caller's fresh one).
def startable_corporations(game, again: true)
  step = game.send(:stock_round).steps.find { |s| s.is_a?(Engine::Step::BuySellParShares) }
  player = game.players.first
  names = game.corporations.select do |corp|
    kind = step.respond_to?(:ipo_type) ? step.ipo_type(corp) : :par
    game.can_par?(corp, player) && !kind.is_a?(String)
  rescue StandardError
    false
  end.map(&:name)
  lone = names.size == 1 && again ? game.corporation_by_id(names.first) : nil
  return names if !lone || lone.ipoed

  lone.ipoed = true
  (names + startable_corporations(game, again: false)).uniq
end

# Whether the title decides in its own code which corporations a player may start
# (its can_par? or its stock step's ipo_type): else the engine's rules hold, the same
# in every phase and stock round.
def own_starts?(game)
  step = game.send(:stock_round).steps.find { |s| s.is_a?(Engine::Step::BuySellParShares) }
  game.method(:can_par?).owner != BASE ||
    (step && step.method(:ipo_type).owner != Engine::Step::BuySellParShares)
end

# The corporations of a game, with those a title keeps for later (1867's majors and
# green minors, 18xx.games' @future_corporations).
def every_corporation(game)
  game.corporations + Array(game.instance_variable_get(:@future_corporations))
end

# The corporations whose price a stock round's end does not raise though players hold
# all of them (1867's minors, of one certificate: its round's sold_out? counts majors
# only), asked of the title's stock round and sold_out_increase? with every certificate
# of each started corporation given to the first player. nil where the title keeps
# 18xx.games' own answers.
def never_sold_out(game)
  fresh = replica(game)
  round = fresh.send(:stock_round)
  own = round.method(:sold_out?).owner != Engine::Round::Stock ||
        fresh.method(:sold_out_increase?).owner != BASE || fresh.method(:sold_out?).owner != BASE
  return nil unless own

  price = fresh.stock_market.par_prices.max_by(&:price)
  player = fresh.players.first
  out = every_corporation(fresh).reject do |corp|
    fresh.stock_market.set_par(corp, price) unless corp.par_price
    corp.ipoed = true
    corp.shares_of(corp).dup.each { |share| fresh.share_pool.transfer_shares(share.to_bundle, player) }
    round.send(:sold_out?, corp) && fresh.sold_out_increase?(corp)
  rescue StandardError
    true
  end.map(&:name)
  out.empty? || out.size == every_corporation(fresh).size ? nil : out
end

# Companies without a `tile_discount` whose owning corporation the title's own
# `upgrade_cost` charges less for a hex's terrain (18 Los Angeles' Chino Hills
# Excavation, $20 off a tile action's terrain): asked of a fresh game per company, with
# the tile of the first hex printed with terrain, owned by the first corporation and not.
# {sym => money off}; nil where the title keeps the engine's `upgrade_cost`.
def terrain_discounts(game)
  return nil if game.method(:upgrade_cost).owner == BASE

  plain_ones = game.companies.reject { |c| c.abilities.any? { |a| a.type == :tile_discount } }
  company_probes(game, plain_ones) do |fresh, probe|
    hex = fresh.hexes.find { |h| h.tile.upgrades.sum(&:cost).positive? }
    next unless hex

    corp = fresh.corporations.first
    plain = fresh.upgrade_cost(hex.tile, hex, corp, corp)
    give_company(probe, corp)
    off = plain - fresh.upgrade_cost(hex.tile, hex, corp, corp)
    off if off.positive?
  end
end

# Companies whose `token` ability puts down a station that is nobody's: placed with the
# title's own special-token step in a fresh operating round of a corporation owning the
# company, it belongs to none of the game's corporations and is no neutral one (which
# blocks nothing): 18 Los Angeles' Angeles Public Dump. With what a route stopping in its city earns more there by the title's
# `revenue_for` (negative: less; 0 where it does not override it), asked with the city
# and another stop. {sym => amount}; nil where no such company.
def nobodys_stations(game)
  tokening = game.companies.select { |c| c.abilities.any? { |a| a.type == :token } }
  company_probes(game, tokening) do |fresh, probe|
    owning_corporation_operates(fresh, probe)
    corp = probe.owner
    ability = probe.abilities.find { |a| a.type == :token }
    step = fresh.round.steps.find { |st| st.respond_to?(:process_place_token) && st.actions(probe).include?('place_token') }
    next unless step

    city = Array(ability.hexes).lazy.flat_map { |id| fresh.hex_by_id(id)&.tile&.cities || [] }
                               .find { |c| c.tokens.include?(nil) && c.tokens.compact.empty? }
    next unless city

    fresh.process_action(Engine::Action::PlaceToken.new(probe, city: city, slot: city.tokens.index(nil), tokener: corp))
    token = city.tokens.compact.last
    next unless token && token.type != :neutral # 18xx.games' neutral station blocks nothing
    next unless token.corporation != corp && !fresh.corporations.include?(token.corporation)

    other = fresh.hexes.filter_map { |h| (h.tile.cities + h.tile.offboards).first }.find { |c| c.hex != city.hex }
    extra = fresh.method(:revenue_for).owner == BASE || other.nil? ? 0 : revenue_extra(fresh, corp, [city, other])
    extra || 0
  end
end

# Bonuses a title's `revenue_for` gives a corporation's route joining its home hex and
# another hex (1888's destinations), asked of the built game with two-stop routes: the
# home and the hex earn more than either with a third hex, and the same two stops earn
# two other corporations nothing more. Nil where the title does not override `revenue_for`.
def route_bonuses(game)
  return nil if game.method(:revenue_for).owner == BASE

  stops = game.hexes.filter_map { |h| [h.id, (h.tile.cities + h.tile.towns + h.tile.offboards).first] }.to_h.compact
  game.corporations.flat_map do |corp|
    others = (game.corporations - [corp]).first(2)
    home = Array(corp.coordinates).first
    next [] unless stops[home]

    extras = stops.to_h { |hex, stop| [hex, hex == home ? nil : revenue_extra(game, corp, [stops[home], stop])] }
    third = extras.find { |_, extra| extra&.zero? }&.first
    next [] unless third

    extras.filter_map do |hex, extra|
      next unless extra&.positive?
      next unless revenue_extra(game, corp, [stops[third], stops[hex]])&.zero?
      next unless others.all? { |other| revenue_extra(game, other, [stops[home], stops[hex]])&.zero? }

      { 'corporation' => corp.name, 'hexes' => [home, hex], 'amount' => extra }
    end
  end
end

# The stops a title's own `revenue_for` counts more than once for one corporation's
# routes (18JP-T's double income from a corporation's own hexes), asked of the built game
# with two-stop routes of each corporation: a stop in each hex worth 10, then 30, beside
# a stop worth 10 that earns nothing more; where both extras are the stop's worth times
# the same whole number, the stop counts one time more than that. {sym => {hex => times}};
# nil where the title does not override `revenue_for`.
def stop_multipliers(game)
  return nil if game.method(:revenue_for).owner == BASE

  centres = game.hexes.filter_map { |h| [h.id, (h.tile.cities + h.tile.towns + h.tile.offboards).first] }
  centres = centres.select(&:last)
  game.corporations.each_with_object({}) do |corp, out|
    plain = centres.each_cons(2).find do |(_, a), (_, b)|
      revenue_extra(game, corp, [ValuedStop.new(a, 10), ValuedStop.new(b, 10)])&.zero?
    end&.first
    next unless plain

    found = centres.each_with_object({}) do |(hex, stop), times|
      next if hex == plain[0]

      low = revenue_extra(game, corp, [ValuedStop.new(stop, 10), ValuedStop.new(plain[1], 10)])
      high = revenue_extra(game, corp, [ValuedStop.new(stop, 30), ValuedStop.new(plain[1], 10)])
      next unless low&.positive? && (low % 10).zero? && high == 3 * low

      times[hex] = (low / 10) + 1
    end
    out[corp.name] = found unless found.empty?
  end
end

# What a title's bankruptcy does (its `BANKRUPTCY_ENDS_GAME_AFTER` and its bankrupt step),
# asked of a fresh game whose first corporation, floated without money in an operating
# round at its lowest price of $40 or more, has the first player as president (with its
# president's certificate alone), $7 and a company: whether the corporation issues shares first, where what the
# player could not sell goes (the president's certificate to the pool: `pool`), where
# their cash goes, whether the corporation is left in receivership, whether the round
# sorts the corporations yet to operate again (its `recalculate_order`), and then, in
# receivership without a train, how many steps more than an ordinary corporation its
# dividend step moves it left and whether, given money, its train step buys a train.
def bankruptcy_probe(game)
  out = { 'ends_game_after' => game.class::BANKRUPTCY_ENDS_GAME_AFTER.to_s }
  return out unless out['ends_game_after'] == 'all_but_one'

  out.merge(bankrupt_step_probe(game))
end

# What the title's bankrupt step did in the position `bankruptcy_probe` describes ({} when
# the probe cannot build it).
def bankrupt_step_probe(game)
  out = {}
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  corp = fresh.corporations.first
  player = fresh.players.first
  floated_operating(fresh, corp, 0)
  low = fresh.stock_market.market.flatten.compact.select { |p| p.price >= 40 }.min_by(&:price)
  fresh.stock_market.set_par(corp, low)
  fresh.share_pool.transfer_shares(corp.presidents_share.to_bundle, player, allow_president_change: false)
  corp.owner = player
  player.set_cash(7, fresh.bank)
  company = fresh.companies.first
  company.owner = player
  player.companies << company
  treasury = corp.shares_of(corp).size
  fresh.round.steps.take_while { |s| !s.is_a?(Engine::Step::BuyTrain) }.each { |s| s.instance_variable_set(:@passed, true) }
  step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::Bankrupt) }
  return out unless step

  reordered = []
  fresh.round.define_singleton_method(:recalculate_order) { reordered << true }
  step.process_bankrupt(Engine::Action::Bankrupt.new(corp))
  out['reorders'] = !reordered.empty?
  out['issue_first'] = corp.shares_of(corp).size < treasury
  out['leftovers'] = corp.presidents_share.owner == fresh.share_pool ? 'pool' : 'kept'
  out['cash_to'] = corp.cash >= 7 ? 'corporation' : 'bank'
  out['receivership'] = corp.receivership?
  out['companies_close'] = company.closed?
  out.merge!(receivership_probe(game)) if out['receivership']
  out
rescue StandardError, NotImplementedError
  {}
end

# How a corporation in receivership without a train operates (see `bankruptcy_probe`):
# its dividend step's moves left beyond an ordinary corporation's, and whether its
# train step buys the cheapest depot train when it has the money.
def receivership_probe(game)
  moves = [true, false].map do |receivership|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    corp = fresh.corporations.first
    floated_operating(fresh, corp, 0)
    corp.owner = receivership ? fresh.share_pool : fresh.players.first
    fresh.round.instance_variable_set(:@entities, [corp])
    fresh.round.instance_variable_set(:@entity_index, 0)
    step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::Dividend) }
    before = corp.share_price.coordinates.last
    step.skip!
    before - corp.share_price.coordinates.last
  end
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  corp = fresh.corporations.first
  floated_operating(fresh, corp, 10_000)
  corp.owner = fresh.share_pool
  fresh.round.instance_variable_set(:@entities, [corp])
  fresh.round.instance_variable_set(:@entity_index, 0)
  step = fresh.round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
  step.skip!
  { 'no_train_moves' => moves[0] - moves[1], 'buys_cheapest_train' => corp.trains.any?,
    'withholds' => receivership_withholds(game) }
rescue StandardError, NotImplementedError
  {}
end

# Whether the round pays a corporation in receivership's run without asking, withholding
# it (1846's round processes a withhold after its run): asked of a fresh round in which
# such a corporation has run, noting the actions the round processes then; nil where the
# probe cannot tell.
def receivership_withholds(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  corp = fresh.corporations.first
  floated_operating(fresh, corp, 0)
  corp.owner = fresh.share_pool
  round = fresh.round
  round.instance_variable_set(:@entities, [corp])
  round.instance_variable_set(:@entity_index, 0)
  seen = []
  round.define_singleton_method(:process_action) { |action| seen << action }
  begin
    round.send(:after_process, Engine::Action::RunRoutes.new(corp, routes: []))
  rescue StandardError, NotImplementedError
    nil # what follows the title's own after_process is not asked
  end
  seen.any? { |a| a.is_a?(Engine::Action::Dividend) && a.kind.to_s == 'withhold' }
rescue StandardError, NotImplementedError
  nil
end

# A route of a run, for asking a title's `revenue_for` about a bonus that looks at every
# route of the run (`routes`) and at the stops each visits (`visited_stops`).
RunRoute = Struct.new(:train, :phase, :stops, :corporation, :routes) do
  def hexes
    stops.map(&:hex)
  end

  def visited_stops
    stops
  end
end

# Bonuses per stop visited that a company gives the runs of the corporation owning it by
# the title's own `revenue_for` (1846's Mail Contract), asked of a fresh game with a run of
# two routes (three stops worth 10 and two more), before and after the first corporation
# is given each company in turn: where the three-stop route earns three times a whole amount more,
# the company pays that amount a stop, to the longest route alone when the other earns
# nothing more (`longest`), to each when it earns twice the amount (`each`).
# {sym => {'amount', 'routes'}}; nil where the title does not override `revenue_for`.
def stop_bonuses(game)
  return nil if game.method(:revenue_for).owner == BASE

  fresh = game_for(game.class, game.players.size, game.optional_rules)
  corp = fresh.corporations.first
  centres = fresh.hexes.filter_map { |h| h.tile.cities.first }.first(5)
  centres = fresh.hexes.filter_map { |h| (h.tile.cities + h.tile.towns).first }.first(5) if centres.size < 5
  return {} if centres.size < 5

  stops = centres.map { |c| ValuedStop.new(c, 10) }
  first = fresh.depot.upcoming.first
  trains = %w[0 1].map { |n| ProbeTrain.new(corp, first.name, first.distance, first.multiplier, "#{first.name}-#{n}") }
  long = RunRoute.new(trains[0], fresh.phase, stops[0, 3], corp)
  short = RunRoute.new(trains[1], fresh.phase, stops[3, 2], corp)
  [long, short].each { |r| r.routes = [long, short] }
  before = [long, short].map { |r| fresh.revenue_for(r, r.stops) }
  fresh.companies.each_with_object({}) do |company, out|
    owner = company.owner
    company.owner = corp
    corp.companies << company
    extra = [long, short].zip(before).map { |r, b| fresh.revenue_for(r, r.stops) - b }
    corp.companies.delete(company)
    company.owner = owner
    next unless extra[0].positive? && (extra[0] % 3).zero?

    amount = extra[0] / 3
    routes = { 0 => 'longest', 2 * amount => 'each' }[extra[1]]
    next unless routes

    out[company.sym] = { 'amount' => amount, 'routes' => routes, 'kinds' => stop_kinds(fresh, corp, company, amount) }
  rescue StandardError, NotImplementedError
    corp.companies.delete(company)
    company.owner = owner
    next
  end
rescue StandardError, NotImplementedError
  {}
end

# The kinds of stop (city, town, offboard) a company's bonus per stop counts, asked of a
# run of one route of up to three stops of each kind the map has (worth 10 each), the
# company given to `corp`: a kind counts where the route earns `amount` more for each.
# Kinds the map lacks are taken to count.
def stop_kinds(game, corp, company, amount)
  first = game.depot.upcoming.first
  train = ProbeTrain.new(corp, first.name, first.distance, first.multiplier, "#{first.name}-0")
  { 'city' => :cities, 'town' => :towns, 'offboard' => :offboards }.filter_map do |kind, parts|
    nodes = game.hexes.filter_map { |h| h.tile.send(parts).first }.first(3)
    next kind if nodes.empty?

    route = RunRoute.new(train, game.phase, nodes.map { |n| ValuedStop.new(n, 10) }, corp)
    route.routes = [route]
    owner = company.owner
    before = game.revenue_for(route, route.stops)
    company.owner = corp
    corp.companies << company
    extra = game.revenue_for(route, route.stops) - before
    corp.companies.delete(company)
    company.owner = owner
    kind if extra == amount * nodes.size
  end
end

# The companies whose revenue a corporation buying them ends (18Tokaido's Fish Market and
# Sleeper Train), asked of a fresh operating round's company-buying step: each company
# with a revenue, held by the first player, bought in turn at its value by the first
# corporation.
def corporation_revenues(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  corp = fresh.corporations.first
  floated_operating(fresh, corp, 100_000)
  step = fresh.round.steps.find { |s| s.respond_to?(:process_buy_company) }
  player = fresh.players.first
  return nil unless step && corp && player

  corp.owner = player
  fresh.companies.select { |c| c.revenue.to_i.positive? && !c.owner&.corporation? }.filter_map do |company|
    company.owner&.companies&.delete(company)
    company.owner = player
    player.companies << company
    step.process_buy_company(Engine::Action::BuyCompany.new(corp, company: company, price: company.value))
    company.sym if company.owner == corp && !company.closed? && company.revenue.zero?
  rescue StandardError, NotImplementedError
    nil
  end
end

# A revenue centre of the built game worth `revenue` to any route (for the probes).
class ValuedStop < SimpleDelegator
  def initialize(stop, revenue, hex = nil)
    super(stop)
    @probe_revenue = revenue
    @probe_hex = hex
  end

  def hex
    @probe_hex || __getobj__.hex
  end

  def route_revenue(_phase, _train)
    @probe_revenue
  end

  # (what it stands for, to a title's code asking what kind of stop it is)
  def is_a?(klass)
    super || __getobj__.is_a?(klass)
  end
  alias kind_of? is_a?
end

# What a title's own `revenue_for` adds to routes stopping at a revenue centre of each
# group of the map (1850Jr's ports), asked of the built game with routes of two other
# stops worth 10 to 2,000 and the grouped stop worth nothing: for each group, its hexes,
# the extra by the other stops' worth (only where the same route with an ungrouped stop
# instead earns nothing more), and the fewest stops a route with it may have. Nil where
# the title does not override `revenue_for`.
def revenue_shares(game)
  return nil if game.method(:revenue_for).owner == BASE

  corp = game.corporations.first
  centres = game.hexes.flat_map { |h| (h.tile.cities + h.tile.towns + h.tile.offboards).map { |n| [h.id, n] } }
  plain = centres.reject { |_, n| Array(n.groups).any? }.uniq(&:first).first(3).map(&:last)
  return [] if plain.size < 3

  groups = centres.flat_map { |_, n| Array(n.groups) }.uniq
  groups.filter_map do |group|
    hexes = centres.select { |_, n| Array(n.groups).include?(group) }.map(&:first).uniq
    grouped = ValuedStop.new(centres.find { |_, n| Array(n.groups).include?(group) }.last, 0)
    samples = (1..200).filter_map do |k|
      a, b = (k * 10) / 2, (k * 10) - ((k * 10) / 2)
      with = revenue_extra(game, corp, [ValuedStop.new(plain[0], a), ValuedStop.new(plain[1], b), grouped])
      without = revenue_extra(game, corp, [ValuedStop.new(plain[0], a), ValuedStop.new(plain[1], b),
                                           ValuedStop.new(plain[2], 0)])
      [k * 10, with] if with && without&.zero?
    end
    next if samples.size < 200 || samples.all? { |_, extra| extra.zero? }

    fewest = (2..4).find do |n|
      revenue_extra(game, corp, plain.first(n - 1).map { |st| ValuedStop.new(st, 10) } + [grouped])
    end
    { 'group' => group.to_s, 'hexes' => hexes, 'samples' => samples, 'min_stops' => fewest }
  end
end

# What a title's own `revenue_for` adds to a two-stop route joining two off-boards of
# the built game (1882's Hudson Bay bonus), asked of two corporations: the pairs whose
# extra is the same for both and where neither off-board with a city earns anything
# more. Nil where the title does not override `revenue_for`.
def offboard_pairs(game)
  return nil if game.method(:revenue_for).owner == BASE

  # an off-board, or the city of a red hex (a terminal one: 18 Los Angeles' Reseda)
  offboards = game.hexes.filter_map do |h|
    stop = h.tile.offboards.first || (h.tile.color == :red ? h.tile.cities.first : nil)
    [h.id, stop] if stop
  end
  city = game.hexes.reject { |h| h.tile.color == :red }.map { |h| h.tile.cities.first }.compact.first
  corps = game.corporations.first(2)
  return [] if offboards.size < 2 || !city || corps.size < 2

  plain = offboards.to_h { |hex, stop| [hex, revenue_extra(game, corps[0], [ValuedStop.new(stop, 10), ValuedStop.new(city, 10)])] }
  offboards.combination(2).filter_map do |(a, sa), (b, sb)|
    next unless plain[a]&.zero? && plain[b]&.zero?

    stops = [ValuedStop.new(sa, 10), ValuedStop.new(sb, 10)]
    extras = corps.map { |corp| revenue_extra(game, corp, stops) }
    next unless extras[0]&.positive? && extras.uniq.size == 1

    { 'hexes' => [a, b], 'amount' => extras[0] }
  end
end

# What two-stop routes joining the city of a gray hex (a tile never laid over) with
# another hex's city earn more, as offboard_pairs asks (1867's Timmins with Montreal,
# Toronto or Quebec: 40): pairs where two corporations earn the same extra, of a gray
# city that some other city joins for nothing; `multiplied` where a train doubling its
# stops doubles the extra too (1867's 2+2). [] when none.
def gray_city_pairs(game)
  return nil if game.method(:revenue_for).owner == BASE

  grays = game.hexes.filter_map { |h| [h.id, h.tile.cities.first] if h.tile.color == :gray && h.tile.cities.any? }
  others = game.hexes.filter_map { |h| [h.id, h.tile.cities.first] if h.tile.color != :red && h.tile.cities.any? }
  corps = game.corporations.first(2)
  return [] if grays.empty? || corps.size < 2

  grays.flat_map do |a, sa|
    found = others.filter_map do |b, sb|
      next if a == b

      extras = corps.map { |corp| revenue_extra(game, corp, [ValuedStop.new(sa, 10), ValuedStop.new(sb, 10)]) }
      [b, extras.uniq.size == 1 ? extras[0] : nil]
    end
    next [] unless found.any? { |_, extra| extra&.zero? }

    found.filter_map do |b, extra|
      next unless extra&.positive?

      sb = others.to_h[b]
      doubled = revenue_extra(game, corps[0], [ValuedStop.new(sa, 10), ValuedStop.new(sb, 10)], multiplier: 2)
      { 'hexes' => [a, b], 'amount' => extra, 'multiplied' => doubled == 2 * extra }
    end
  end
end

# The subsidies a title pays a corporation's treasury for its routes by its own
# `routes_subsidy` (and `subsidy_for`), asked of the built game with a route stopping in
# each hex of the map (the stop stands in for whatever a tile may bring there): the hexes
# and amounts (1888's mine, C5: 40). Nil where the title does not override them.
def route_subsidies(game)
  return nil if game.method(:routes_subsidy).owner == BASE || !game.respond_to?(:subsidy_for)

  corp = game.corporations.first
  centre = game.hexes.flat_map { |h| h.tile.cities + h.tile.towns + h.tile.offboards }.first
  return nil unless centre

  first = game.depot.upcoming.first
  train = ProbeTrain.new(corp, first.name, first.distance, first.multiplier, "#{first.name}-probe")
  game.hexes.filter_map do |hex|
    stops = [ValuedStop.new(centre, 0, hex)]
    route = RevenueRoute.new(train, game.phase, stops, corp)
    route.define_singleton_method(:subsidy) { game.subsidy_for(self, stops) }
    amount = begin
      game.routes_subsidy([route])
    rescue StandardError, NotImplementedError
      nil
    end
    { 'hex' => hex.id, 'amount' => amount } if amount.is_a?(Integer) && amount.positive?
  end
end

# The cards of a fresh game's first step when it deals them from a deck (a draft's
# `companies`, in deck order, blank cards included), with each card's value and price.
def deck_of(game)
  step = game.round&.active_step
  return nil unless step.respond_to?(:companies) && step.respond_to?(:available)

  { 'cards' => step.companies.map { |c| { 'sym' => c.sym, 'value' => c.value, 'min_bid' => c.min_bid } },
    'shown' => step.available.size }
end

# The track groups of the trains, where the title's `compute_other_paths` lets some trains'
# routes share track (18 Los Angeles' freight trains beside its passenger trains): asked with
# one route of each train name (variants too), each on a track of its own, which others'
# tracks each route is kept off. By name, the group's first name (nil: one group).
def track_groups(game)
  return nil if game.method(:compute_other_paths).owner == BASE

  fake_train = Struct.new(:name, :sym)
  fake_route = Struct.new(:train, :paths)
  names = game.depot.trains.flat_map { |t| [t.name, *t.variants.keys] }.uniq
  routes = names.map { |n| fake_route.new(fake_train.new(n, n), [n]) }
  groups = {}
  routes.each do |route|
    kept_off = game.compute_other_paths(routes, route)
    groups[route.train.name] = names.select { |n| n == route.train.name || kept_off.include?(n) }.first
  end
  groups.values.uniq.size > 1 ? groups : nil
end

# An initial step that shows every company it deals (`deck_of`), asked of a fresh game:
# the actions it offers its first player (`first`) and, once that player has taken the
# first company at its price, the next player (`after`); whether the taker paid at once
# (`pays_at_once`); and whether the game, asked for its next round with companies left,
# plays an operating round (`until_sold`: 1846's two-player draft). Nil for another step.
def open_draft(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  step = fresh.round&.active_step
  return nil unless step.respond_to?(:companies) && step.respond_to?(:available)
  return nil unless step.companies.size > 1 && step.available.size == step.companies.size

  player = fresh.round.current_entity
  first = step.actions(player).map(&:to_s)
  company = step.available.first
  cash = player.cash
  fresh.process_action(Engine::Action::Bid.new(player, company: company, price: company.min_bid))
  after = fresh.round.active_step&.actions(fresh.round.current_entity)&.map(&:to_s) || []
  cycle = game_for(game.class, game.players.size, game.optional_rules)
  cycle.send(:next_round!)
  { 'first' => first, 'after' => after, 'pays_at_once' => player.cash < cash,
    'until_sold' => cycle.round.is_a?(Engine::Round::Operating),
    'limit' => try { draft_limit(game) }, 'last_pass_cheaper' => try { last_pass_cheaper(game) } }
end

# How many companies the players of a fresh open draft take before it ends, each taking
# the first company shown (with cash enough for any): nil where they take them all.
def draft_limit(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  fresh.players.each { |p| p.instance_variable_set(:@cash, 1_000_000) }
  initial = fresh.round
  step = initial.active_step
  total = step.available.size
  taken = 0
  while fresh.round.equal?(initial) && !fresh.finished && fresh.round.active_step.equal?(step)
    company = step.available.first
    break unless company

    fresh.process_action(Engine::Action::Bid.new(fresh.round.current_entity, company: company,
                                                                                price: company.min_bid))
    raise fresh.instance_variable_get(:@exception) if fresh.instance_variable_get(:@exception)

    taken += 1
    break if taken >= total
  end
  taken < total ? taken : nil
end

# Whether a pass on the last company of a fresh open draft (once a player owns one)
# makes it cheaper.
def last_pass_cheaper(game)
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  step = fresh.round.active_step
  first = step.available.first
  fresh.process_action(Engine::Action::Bid.new(fresh.round.current_entity, company: first, price: first.min_bid))
  left = step.available
  left.slice!(1..)
  company = left.first
  before = company.min_bid
  fresh.process_action(Engine::Action::Pass.new(fresh.round.current_entity))
  company.min_bid < before
end

# The companies the game offers in its initial auction (`initial_auction_companies`, as
# the library's auction steps ask it; a step may still offer them in tiers of its own).
def auction_companies(game)
  game.initial_auction_companies.map(&:sym)
end

# What the first step of fresh games built as `game` was, under six seeds spread wide
# (the engine's generator gives nearby seeds nearby first draws), offers of the companies
# (its own list, where it keeps one: a title's setup may take companies out of it, or
# close them), which companies of the game's list its setup closed and which are open (a
# company taken off the game's list, as 1868 Wyoming and 18Ireland do their draws, is
# neither): closed under every seed, or open and left out of the step's list under every
# seed, is the title's rule; otherwise a draw's.
AUCTION_SEEDS = [1, 31_337, 1_234_567, 98_765_432, 555_555_555, 2_024_120_601].freeze

def auction_offers(game)
  AUCTION_SEEDS.map do |seed|
    fresh = game.class.new(game.players.to_h { |p| [p.id, p.name] }, id: 1, seed: seed,
                                                                     optional_rules: game.optional_rules)
    listed = fresh.round&.active_step&.instance_variable_get(:@companies)
    return nil unless listed.is_a?(Array) && listed.all? { |c| c.is_a?(Engine::Company) }

    closed, open = fresh.companies.partition(&:closed?)
    { 'offered' => listed.map(&:sym), 'closed' => closed.map(&:sym), 'open' => open.map(&:sym) }
  end
end

# A title's own first step that puts one company up for auction at a time (18xx.games'
# SingleItemAuction of 1867 and 18 Royal Gorge, not a library step): asked of a fresh
# game, the company up as it starts, and what becomes of it when every player passes on
# it before any bid (`removed`, or `discount`: the first bid then buys it, at that price);
# nil for any other first step.
def single_item_auction(game)
  fresh = replica(game)
  step = fresh.round&.active_step
  return nil if step.nil? || step.class.name.start_with?('Engine::Step::')

  up = step.instance_variable_get(:@auctioning)
  return nil unless up.is_a?(Engine::Company) && step.min_bid(up) == up.min_bid

  fresh.players.size.times do
    break unless fresh.round.active_step.equal?(step) && step.instance_variable_get(:@auctioning).equal?(up)

    fresh.process_action(Engine::Action::Pass.new(fresh.round.active_step.current_entity))
  end
  if up.closed? || !fresh.companies.include?(up)
    return { 'company' => up.sym, 'unsold' => 'removed' } unless step.instance_variable_get(:@auctioning).equal?(up)
  end
  return nil unless up.discount.positive? && step.instance_variable_get(:@auctioning).equal?(up)

  player = fresh.round.active_step.current_entity
  fresh.process_action(Engine::Action::Bid.new(player, company: up, price: up.min_bid))
  { 'company' => up.sym, 'unsold' => 'discount', 'first_bid_buys' => up.owner == player }
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

# The type of train whose export ends the exports of the sets' ends for good (18Tokaido's
# first D): asked of a fresh game whose depot is emptied up to the last type the end of a
# set exports (`names`, of `export_after_set`), the end of a set taken twice; nil where
# the second exports one too.
def exports_end_with(game, names)
  return nil unless names.is_a?(Array)

  last = game.depot.upcoming.map(&:name).uniq.reverse.find { |n| names.include?(n) }
  fresh = game_for(game.class, game.players.size, game.optional_rules)
  fresh.depot.upcoming.take_while { |t| t.name != last }.each { |t| fresh.remove_train(t) }
  fresh.send(:or_set_finished)
  second = fresh.depot.upcoming.first
  return nil unless second&.name == last

  fresh.send(:or_set_finished)
  fresh.depot.upcoming.first == second ? last : nil
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

# Who may buy a company from a player in each phase, asked of the title's
# `purchasable_companies` in a fresh game moved to the phase (its name and status set),
# every company not marked `no_buy` put in the second player's hands: whether the first
# player is offered any (`players`), and, in a phase without `can_buy_companies`, the
# corporations each company is offered to all the same where the title's answer is not
# the library's (`corporations`: 1870's river company in phase 1); `explained` when these
# say all the title's answer differs from the library's by.
def phase_purchases(game)
  library = Engine::Game::Base.instance_method(:purchasable_companies)
  return library_purchases(game) if game.method(:purchasable_companies).owner == BASE
  game.phase.phases.each_with_index.to_h do |phase, index|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    fresh.phase.instance_variable_set(:@index, index)
    fresh.phase.instance_variable_set(:@name, phase[:name])
    fresh.phase.instance_variable_set(:@status, phase[:status] || [])
    buyer, seller = fresh.players[0], fresh.players[1]
    fresh.companies.each do |c|
      next if fresh.abilities(c, :no_buy)

      give_company(c, seller)
    end
    corporations = {}
    status = phase[:status] || []
    explained = true
    fresh.corporations.each do |corp|
      offered = begin
        fresh.purchasable_companies(corp)
      rescue StandardError
        explained = false
        next
      end
      next if offered.map(&:sym).sort == library.bind(fresh).call(corp).map(&:sym).sort

      explained = false if status.include?('can_buy_companies')
      next if status.include?('can_buy_companies')

      offered.each { |c| (corporations[c.sym] ||= []) << corp.name }
    end
    steps = corporations.empty? ? [] : early_buy_steps(fresh, corporations)
    kept = corporations.empty? ? nil : early_buys_kept(fresh, corporations)
    players = begin
      !fresh.purchasable_companies(buyer).empty?
    rescue StandardError
      nil
    end
    # a player's answer other than the library's is written only as none at all
    explained &&= players == !library.bind(fresh).call(buyer).empty? || players == false
    [phase[:name].to_s,
     { 'players' => players, 'corporations' => corporations, 'steps' => steps, 'kept' => kept,
       'explained' => explained }]
  end
end

# `phase_purchases` of a title that keeps the library's `purchasable_companies`: the
# same answer in every phase (a player is offered any company another player holds that
# may be bought), found without a fresh game per phase.
def library_purchases(game)
  players = game.companies.any? { |c| !game.abilities(c, :no_buy) }
  game.phase.phases.to_h do |phase|
    [phase[:name].to_s, { 'players' => players, 'corporations' => {}, 'steps' => [], 'explained' => true }]
  end
end

# A stock round's price-protection step (one answering `price_protection_seller`): whether
# a president who sold shares of a corporation earlier in the round may still protect
# another player's sale of it (`sellers_protect`), asked of its `can_buy?` in a fresh
# game with a corporation started and one of its shares sold by the second player; nil
# when the stock round has no such step.
def price_protection(game)
  rnd = game.send(:stock_round)
  step = rnd.steps.find { |s| s.respond_to?(:price_protection_seller) }
  return nil unless step && game.respond_to?(:sell_queue)

  corp = game.corporations.first
  game.stock_market.set_par(corp, game.stock_market.par_prices.first)
  corp.ipoed = true
  president, seller = game.players[0], game.players[1]
  game.bank.spend(1000, president)
  bundle = Engine::ShareBundle.new(corp.shares.reject(&:president).first)
  game.sell_queue << [bundle, president, seller]
  game.instance_variable_set(:@round, rnd)
  before = step.can_buy?(president, bundle) ? true : false
  rnd.players_sold[president][corp] = :prev
  { 'protects' => before, 'sellers_protect' => step.can_buy?(president, bundle) ? true : false }
end

# The corporations whose shares the title's own stock round step neither buys nor sells
# in each phase though it does in another (18MEX's NdM while the phase's status says
# `ndm_unavailable`): asked of a fresh game per phase, each corporation started by the
# first player at the highest par price, one of its shares in the market and the second
# player rich. {phase name => [sym]}, nil where the step keeps the library's `can_buy?`.
def closed_shares(game)
  step_of = ->(g) { g.send(:stock_round).steps.find { |s| s.is_a?(Engine::Step::BuySellParShares) } }
  step = step_of.call(game)
  return nil if step.nil? || step.method(:can_buy?).owner == Engine::Step::BuySellParShares

  names = game.phase.instance_variable_get(:@phases).map { |p| p[:name] }
  buyable = names.each_index.map do |index|
    fresh = replica(game)
    phase = fresh.phase
    phase.instance_variable_set(:@index, index)
    phase.setup_phase!
    fresh.instance_variable_set(:@round, fresh.send(:stock_round))
    own = step_of.call(fresh)
    first, second = fresh.players
    fresh.bank.spend(10_000, second) if fresh.bank.cash >= 10_000
    price = fresh.stock_market.par_prices.max_by(&:price)
    fresh.corporations.select do |corp|
      next false if corp.presidents_share.nil? || price.nil?

      fresh.stock_market.set_par(corp, price) unless corp.par_price
      corp.ipoed = true
      fresh.share_pool.transfer_shares(corp.presidents_share.to_bundle, first)
      share = corp.shares_of(corp).reject(&:president).first
      next false unless share

      fresh.share_pool.transfer_shares(share.to_bundle, fresh.share_pool)
      own.can_buy?(second, share.to_bundle) ? true : false
    rescue StandardError
      false
    end.map(&:name)
  end
  every = buyable.flatten.uniq
  out = names.zip(buyable).to_h { |name, bought| [name.to_s, every - bought] }.reject { |_, v| v.empty? }
  out.empty? ? nil : out
end

# Whether a corporation buys back its own shares in its president's stock turn (1870's
# redemption), asked of the stock round's share step in fresh games: the first
# corporation started by the first player, operated and rich, one of its shares in the
# pool, and fewer and fewer of its shares unsold; the least number unsold at which it is
# no longer offered (`treasury_limit`). Nil when it is never offered, or not only below
# some number unsold, or not from a player when the pool has none.
def buy_back(klass, players, rules)
  step = game_for(klass, players, rules).send(:stock_round).steps.find { |s| s.is_a?(Engine::Step::BuySellParShares) }
  return nil if !step || step.method(:actions).owner.name.to_s.start_with?('Engine::Step::')

  offered = (0..8).map do |sold|
    buy_back_offered(klass, players, rules, sold, pool: true)
  end
  return nil if offered.include?(nil) || offered.none?(&:last)
  # from a player too: none in the pool (18Neb's buy back from the pool only)
  return nil unless buy_back_offered(klass, players, rules, 5, pool: false)&.last

  yes = offered.select(&:last).map(&:first)
  no = offered.reject(&:last).map(&:first)
  # offered below a number unsold, never above (18Neb's, offered whatever is unsold,
  # follow rules of their own)
  return nil if no.empty? || !no.all? { |n| n > yes.max }

  { 'treasury_limit' => no.min }
end

def buy_back_offered(klass, players, rules, sold, pool:)
  game = game_for(klass, players, rules)
  rnd = game.send(:stock_round)
  step = rnd.steps.find { |s| s.is_a?(Engine::Step::BuySellParShares) }
  return nil unless step

  game.instance_variable_set(:@round, rnd)
  corp = game.corporations.first
  player = rnd.entities[rnd.entity_index]
  game.stock_market.set_par(corp, game.stock_market.par_prices.first)
  corp.ipoed = true
  corp.shares.each_with_index do |share, i|
    owner = player if share.president || i <= sold
    owner ||= game.share_pool if pool && i == sold + 1
    owner ||= game.players.last if !pool && i == sold + 1
    game.share_pool.transfer_shares(share.to_bundle, owner) if owner
  end
  corp.define_singleton_method(:operated?) { true }
  game.bank.spend(5000, corp)
  [corp.num_ipo_shares, step.actions(corp).include?('buy_shares')]
end

# Whether a company offered early (`phase_purchases`) is still offered to its buyer once
# that corporation owns it (1870's river company, all phase 1 long); nil when unasked.
def early_buys_kept(game, offered)
  sym, buyers = offered.first
  corp = game.corporation_by_id(buyers.first)
  company = game.company_by_id(sym)
  give_company(company, corp)
  game.purchasable_companies(corp).include?(company)
rescue StandardError
  nil
end

# Whether each company-buying step of the operating round offers a corporation one of the
# companies `offered` to it (by `phase_purchases`), asked with the corporation acting and
# rich: 1850's end-of-turn step does not where its first one does.
def early_buy_steps(game, offered)
  sym, buyers = offered.first
  corp = game.corporation_by_id(buyers.first)
  game.bank.spend(10 * game.company_by_id(sym).value, corp)
  game.send(:operating_round, 1).steps.select { |s| s.is_a?(Engine::Step::BuyCompany) }.map do |step|
    step.define_singleton_method(:current_entity) { corp }
    begin
      step.can_buy_company?(corp) ? true : false
    rescue StandardError
      nil
    end
  end
end

# Whether a title's own train-buying step (one overriding `buyable_trains`) offers a
# second depot train in an operating turn, by phase: in a fresh game moved to the phase,
# a rich corporation buys the depot's first train through the step and is asked its
# `buyable_trains` again (`any` where another of the type is offered), then again with
# the rest of the type gone (`one_of_each_type` where the next type is offered, else
# `one`: 1850, in every phase). Nil where the library's step decides, or the question
# cannot be asked.
def depot_limits(game)
  rnd = game.send(:operating_round, 1)
  step = rnd.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
  return nil unless step
  return nil if step.method(:buyable_trains).owner.name.to_s.start_with?('Engine::Step::')

  game.phase.phases.each_with_index.to_h do |phase, index|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    fresh.phase.instance_variable_set(:@index, index)
    fresh.phase.instance_variable_set(:@name, phase[:name])
    fresh.phase.instance_variable_set(:@status, phase[:status] || [])
    answer = begin
      corp = fresh.corporations.find { |c| c.type != :minor }
      fresh.bank.spend(5000, corp)
      round = fresh.send(:operating_round, 1)
      buy = round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
      buy.define_singleton_method(:current_entity) { corp }
      train = fresh.depot.depot_trains.first
      buy.process_buy_train(Engine::Action::BuyTrain.new(corp, train: train, price: train.price))
      next [phase[:name].to_s, 'any'] if buy.buyable_trains(corp).any? { |t| t.from_depot? && t.name == train.name }

      # the rest of the type leave the depot: is the next type offered?
      fresh.depot.upcoming.select { |t| t.name == train.name }.each { |t| fresh.depot.remove_train(t) }
      fresh.depot.depot_trains(clear: true)
      others = fresh.depot.depot_trains.reject { |t| t.name == train.name }
      if others.empty?
        nil
      else
        buy.buyable_trains(corp).any? { |t| t.from_depot? && t.name != train.name } ? 'one_of_each_type' : 'one'
      end
    rescue StandardError, NotImplementedError
      nil
    end
    [phase[:name].to_s, answer]
  end
end

# Whether a title's own dividend step (one overriding `actions`) asks a corporation for
# its dividend when it ran routes that earn nothing (1856's, whose revenue may all go to
# interest): asked of a fresh game's operating round, the step's routes and revenue
# stubbed. False where the library's step decides (it does not ask).
def dividend_without_revenue(game)
  step = game.send(:operating_round, 1).steps.find { |s| s.is_a?(Engine::Step::Dividend) }
  return nil unless step
  return false if step.method(:actions).owner.name.to_s.start_with?('Engine::Step::')

  corp = game.corporations.find { |c| c.type != :minor }
  step.define_singleton_method(:current_entity) { corp }
  step.define_singleton_method(:routes) { [:a_route] }
  step.define_singleton_method(:total_revenue) { 0 }
  step.actions(corp).include?('dividend')
end

# The train types a title's own train-buying step (one overriding `buyable_trains`) lets
# a corporation buy twice from the depot in one operating turn: for each type of which
# the depot has two or more, in a fresh game whose depot has the earlier types taken
# out, a rich corporation buys one of it through the step and is asked its
# `buyable_trains` again (18FL's 6 trains: bought again; 1836Jr56's: none); the train's
# events are left out. Nil where the library's step decides, or some type cannot be asked.
def depot_repeat_types(game)
  rnd = game.send(:operating_round, 1)
  step = rnd.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
  return nil if !step || step.method(:buyable_trains).owner.name.to_s.start_with?('Engine::Step::')

  names = game.depot.upcoming.map(&:name).uniq
  names.each_with_index.select do |name, index|
    of_type = game.depot.upcoming.select { |t| t.name == name }
    next false if of_type.size < 2 && of_type.none?(&:unlimited)

    fresh = game_for(game.class, game.players.size, game.optional_rules)
    earlier = names[0...index]
    fresh.depot.upcoming.select { |t| earlier.include?(t.name) }.each { |t| fresh.depot.remove_train(t) }
    fresh.depot.depot_trains(clear: true)
    corp = fresh.corporations.find { |c| c.type != :minor }
    fresh.bank.spend(5000, corp)
    round = fresh.send(:operating_round, 1)
    buy = round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
    buy.define_singleton_method(:current_entity) { corp }
    train = fresh.depot.depot_trains.find { |t| t.name == name }
    raise NotImplementedError, "no #{name} train in the depot" unless train

    train.events.clear if train.events.respond_to?(:clear) # the question is the step's, not the events'
    buy.process_buy_train(Engine::Action::BuyTrain.new(corp, train: train, price: train.price))
    buy.buyable_trains(corp).any? { |t| t.from_depot? && t.name == name }
  end.map(&:first)
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

# The tile lays of a minor that has operated before ('lays') and of one that has not
# ('first'); nil: the title has no minors.
def minor_lays(game)
  minor = game.minors.first
  return nil unless minor

  first = plain(game.tile_lays(minor))
  history = minor.instance_variable_get(:@operating_history)
  minor.instance_variable_set(:@operating_history, { [0, 0] => nil })
  lays = plain(game.tile_lays(minor))
  minor.instance_variable_set(:@operating_history, history)
  { 'lays' => lays, 'first' => first }
end

# Whether the title's track step lets an operator whose home hex has no tile yet lay only
# when it can pay for a tile there: asked of a fresh operating round's track step, for a
# minor and a corporation whose white home hex costs more than their first tile action,
# with that cost and a dollar less. { 'minor' => bool, 'corporation' => bool } (a kind
# without such an operator left out).
def home_cost_first(game)
  step = game.send(:operating_round, 1).steps.find { |s| s.is_a?(Engine::Step::Track) }
  return nil unless step

  { 'minor' => game.minors, 'corporation' => game.corporations }.to_h do |kind, entities|
    found = entities.lazy.map do |e|
      hex = Array(e.coordinates).first && game.hex_by_id(Array(e.coordinates).first)
      cost = hex && hex.tile.color == :white ? game.upgrade_cost(hex.tile, hex, e, e) : 0
      action = cost.positive? && !e.tokens.empty? ? Array(game.tile_lays(e)).first : nil
      [e, cost] if action && cost > (action[:cost] || 0) + 1
    end.find(&:itself)
    next [kind, nil] unless found

    entity, cost = found
    cash = entity.cash
    asked = [cost - 1, cost].map do |money|
      entity.instance_variable_set(:@cash, money)
      step.can_lay_tile?(entity)
    end
    entity.instance_variable_set(:@cash, cash)
    [kind, asked == [false, true]]
  end.compact
end

# Hexes whose tiles the title's track step lays together (a constant of the step naming a
# `DOUBLE_HEX` or `TWIN` pair of the map's hexes): [{ 'hexes' => [a, b], 'tiles' => { name
# => twin } }], a tile's twin named as it is with the one hex's label in place of the
# other's (the hexes' printed labels).
def twin_hexes(game)
  step = game.send(:operating_round, 1).steps.find { |s| s.is_a?(Engine::Step::Track) }
  return [] unless step

  ids = game.hexes.map(&:id)
  names = game.tiles.map(&:name).uniq
  step.class.constants(false).filter_map do |c|
    hexes = step.class.const_get(c)
    next unless c.to_s =~ /DOUBLE_HEX|TWIN/ && hexes.is_a?(Array) && hexes.size == 2 && (hexes - ids).empty?

    labels = hexes.map { |h| game.hex_by_id(h).tile.label&.to_s }
    next if labels.any?(&:nil?)

    pairs = [labels, labels.reverse].flat_map do |from, to|
      names.filter_map do |n|
        twin = n.sub(from, to)
        [n, twin] if n.end_with?(from) && twin != n && names.include?(twin)
      end
    end
    { 'hexes' => hexes, 'tiles' => pairs.to_h }
  end
end

# Whether the game offers a minor the companies it offers a corporation (its
# `purchasable_companies`, a company put in a player's hands for the question); nil: no
# minors, or nothing to ask with.
def minors_offered_companies(game)
  minor = game.minors.first
  corporation = game.corporations.first
  company = game.companies.find { |c| c.abilities.none? { |a| a.type == :no_buy } }
  return nil unless minor && corporation && company

  owner = company.owner
  company.owner = game.players.first
  offered = [minor, corporation].map { |e| game.purchasable_companies(e).include?(company) }
  company.owner = owner
  offered[1] ? offered[0] : nil
end

# The companies whose tile_lay ability of one lay closes them when used, where the title
# does it in code (the ability not saying `closed_when_used_up`): each lays once, in a
# fresh game, for the first corporation, in an operating round's special track step.
# With `at_round_end`: those the lay leaves open that close when the operating round ends.
def lay_closes(klass, players, rules, at_round_end: false)
  lays_once = lambda do |c|
    c.abilities.any? do |a|
      a.type == :tile_lay && !Array(a.hexes).empty? && !Array(a.tiles).empty? &&
        [nil, 1].include?(a.count) && !a.closed_when_used_up
    end
  end
  syms = game_for(klass, players, rules).companies.select(&lays_once).map(&:sym)
  syms.select { |sym| try { lays_and_closes?(game_for(klass, players, rules), sym, at_round_end) } == true }
end

# The game's first corporation made owner of `company` (with 100,000 in cash) and the
# operator of a new operating round: its round.
# Give `company` to `owner` (a player or a corporation), taken from its owner.
def give_company(company, owner)
  company.owner&.companies&.delete(company)
  company.owner = owner
  owner.companies << company
end

# What `block` finds of each company (those it answers nil for left out), asked of a
# fresh game in which the company is open: {sym => answer}, nil when none.
def company_probes(game, companies = game.companies)
  out = companies.filter_map do |company|
    fresh = open_replica(game, company.sym)
    next unless fresh

    answer = yield fresh, fresh.company_by_id(company.sym)
    [company.sym, answer] unless answer.nil?
  rescue StandardError
    nil
  end.to_h
  out.empty? ? nil : out
end

def owning_corporation_operates(game, company)
  corporation = game.corporations.first
  give_company(company, corporation)
  corporation.instance_variable_set(:@cash, 100_000)
  round = game.send(:operating_round, 1)
  { :@entities => [corporation], :@entity_index => 0, :@current_operator => corporation }.each do |k, v|
    round.instance_variable_set(k, v)
  end
  game.instance_variable_set(:@round, round)
end

def lays_and_closes?(game, sym, at_round_end = false)
  company = game.company_by_id(sym)
  round = owning_corporation_operates(game, company)
  lay = first_special_lay(game, company)
  return false unless lay

  round.steps.find { |s| s.is_a?(Engine::Step::SpecialTrack) }.process_lay_tile(lay)
  return company.closed? unless at_round_end
  return false if company.closed?

  round.instance_variable_set(:@entities, [])
  round.finished?
  company.closed?
end

# Whether the game pays a corporation mail when its operating turn starts (the game's
# `place_home_token`, its home token already down): 'home_stop' when one with a train gets
# the value of its home tile's first stop for that train, and one without gets nothing.
def mail(game)
  corporation = game.corporations.find do |c|
    hex = Array(c.coordinates).first && game.hex_by_id(Array(c.coordinates).first)
    hex&.tile&.city_towns&.first && !c.tokens.empty?
  end
  return nil unless corporation

  corporation.tokens.first.used = true
  stop = game.hex_by_id(Array(corporation.coordinates).first).tile.city_towns.first
  before = corporation.cash
  game.place_home_token(corporation)
  return nil unless corporation.cash == before

  train = game.depot.upcoming.first
  game.buy_train(corporation, train, :free)
  game.place_home_token(corporation)
  paid = corporation.cash - before
  paid.positive? && paid == stop.route_base_revenue(game.phase, train) ? 'home_stop' : nil
end

# The stations the game's `place_home_token` puts down for each corporation beyond its
# homes (its coordinates), asked of each in turn on a fresh game: {sym => [[hex, city]]}
# for those that get some of their ordinary tokens, where city is the index among the
# tile's cities (only those whose homes got their stations too).
def more_homes(game)
  return nil if game.method(:place_home_token).owner == BASE

  game.corporations.each_with_object({}) do |corp, out|
    homes = Array(corp.coordinates)
    next if homes.empty? || corp.tokens.empty?

    begin
      game.place_home_token(corp)
    rescue StandardError
      next
    end
    at_home = homes.all? { |h| game.hex_by_id(h)&.tile&.cities&.any? { |city| city.tokened_by?(corp) } }
    next unless at_home

    more = game.hexes.flat_map do |hex|
      next [] if homes.include?(hex.id)

      hex.tile.cities.each_with_index.select { |city, _| charter_token_in?(city, corp) }.map { |_, i| [hex.id, i] }
    end
    out[corp.name] = more unless more.empty?
  end
end

# Whether `city` holds one of `corp`'s ordinary tokens (not a destination token or the like,
# which its charter's list of tokens does not count).
def charter_token_in?(city, corp)
  city.tokens.compact.any? { |t| t.corporation == corp && t.type == :normal }
end

# The order in which a new president's certificates are handed over for the president's
# certificate, where the title's share pool reorders them (`possible_reorder`), asked of
# each corporation's ordinary certificates as built: 'largest_last_got' when every
# corporation's come largest first and, of one size, last listed first; 'other' when the
# order is another; nil when the pool keeps the order.
def presidency_swap(game)
  pool = game.share_pool
  return nil if pool.method(:possible_reorder).owner == Engine::SharePool &&
                game.method(:shares_for_presidency_swap).owner == BASE

  same = game.corporations.all? do |corp|
    shares = corp.shares.reject(&:president)
    expected = shares.each_with_index.sort_by { |s, i| [-s.percent, -i] }.map(&:first)
    pool.possible_reorder(shares.dup) == expected
  end
  same && game.method(:shares_for_presidency_swap).owner == BASE ? 'largest_last_got' : 'other'
end

# The train events that merge minors into corporations, asked of a fresh game per event
# and minor, the minor the first player's with $7, the other minors the second player's
# without money: for each event that closes minors, each closed minor's corporation (the
# one its $7 went to) and the certificate its owner got: its index among that
# corporation's certificates, whether it counts toward the certificate limit and whether
# it was held back from sale before (nil: no event merges minors).
def minor_mergers(klass, players, rules)
  probe = game_for(klass, players, rules)
  return nil if probe.minors.empty? || probe.players.size < 2

  kinds = probe.depot.trains.flat_map { |t| Array(t.events).map { |e| e['type'].to_s } }.uniq
  mergers = kinds.filter_map do |kind|
    next unless probe.respond_to?("event_#{kind}!", true)
    next if probe.method("event_#{kind}!").owner == BASE || !gives_shares?(klass, players, rules, kind)

    merged = probe.minors.to_h { |m| [m.name, merger_of(klass, players, rules, kind, m.name)] }.compact
    merged.empty? ? nil : { 'event' => kind, 'minors' => merged }
  end
  mergers.empty? ? nil : mergers
end

# The national a train event forms from the corporations owing loans (a title whose
# game names its `national` and merges majors into it, `merge_major`): its id, the most
# shares it hands out, its token limit and its tokens' price (nil: no such national).
def national_formation(game)
  return nil unless game.respond_to?(:national) && game.respond_to?(:merge_major)

  national = game.national
  return nil unless national

  {
    'national' => national.id,
    'shares' => game.respond_to?(:max_national_shares) ? game.max_national_shares : nil,
    'token_limit' => game.respond_to?(:national_token_limit) ? game.national_token_limit : nil,
    'token_price' => game.respond_to?(:national_token_price) ? game.national_token_price : nil,
  }.compact
end

# Whether the event gives the owner of every minor (the first player) certificates.
def gives_shares?(klass, players, rules, kind)
  game = game_for(klass, players, rules)
  owner = game.players.first
  game.minors.each { |m| m.owner = owner }
  got = owner.shares.dup
  game.send("event_#{kind}!")
  owner.shares != got
rescue StandardError, NotImplementedError
  false
end

def merger_of(klass, players, rules, kind, sym)
  game = game_for(klass, players, rules)
  owner, other = game.players
  held = game.corporations.flat_map(&:shares).to_h { |s| [s.id, s.buyable] }
  game.minors.each { |m| m.owner = m.name == sym ? owner : other }
  minor = game.minor_by_id(sym)
  minor.instance_variable_set(:@cash, 7)
  before = game.corporations.to_h { |c| [c, c.cash] }
  got = owner.shares.dup
  game.send("event_#{kind}!")
  return nil unless minor.closed?

  corporation = game.corporations.find { |c| c.cash - before[c] == 7 }
  shares = (owner.shares - got).map do |s|
    { 'corporation' => s.corporation.name, 'id' => s.id, 'percent' => s.percent,
      'counts_for_limit' => s.counts_for_limit, 'held_back' => held[s.id] == false }
  end
  corporation && shares.size == 1 ? { 'corporation' => corporation.name, 'share' => shares.first } : nil
rescue StandardError, NotImplementedError
  nil
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

# The companies whose exchange takes a corporation's reserved certificates (those the
# built game holds out of sale, `buyable` false): per company, the corporation, the places
# of its reserved certificates, and what a fresh game in a stock round does when the
# company's owner, its first player, exchanges it there: whether the bank pays the
# corporation (`capitalises`), and whether the stock round's own step takes it as the
# turn's purchase (`purchase`: no exchange step, no other purchase after it).
def reserved_exchanges(game)
  game.companies.each_with_object({}) do |company, out|
    ability = company.all_abilities.find { |a| a.type == :exchange }
    next unless ability && Array(ability.from).map(&:to_sym).include?(:reserved)

    corp = game.corporation_by_id(Array(ability.corporations).first)
    next unless corp

    places = corp.shares.reject(&:buyable).map { |s| s.id.split('_').last.to_i }
    found = { 'corporation' => corp.name, 'reserved' => places }
    out[company.sym] = found
    begin
      fresh = game_for(game.class, game.players.size, game.optional_rules)
      held = fresh.company_by_id(company.sym)
      target = fresh.corporation_by_id(corp.name)
      player = fresh.players.first
      held.owner = player
      player.companies << held
      fresh.stock_market.set_par(target, fresh.stock_market.par_prices.first)
      fresh.share_pool.buy_shares(fresh.players.last, target.shares.first, exchange: :free)
      fresh.instance_variable_set(:@round, fresh.send(:stock_round))
      share = target.reserved_shares.first
      before = target.cash
      fresh.process_action(Engine::Action::BuyShares.new(held, shares: [share], percent: share.percent))
      step = fresh.round.active_step
      found['capitalises'] = target.cash > before
      found['purchase'] = fresh.round.steps.none? { |st| st.is_a?(Engine::Step::Exchange) } &&
                          !step.actions(player).include?('buy_shares')
    rescue StandardError
      next # an exchange the title does not let be made so: only the reservation is known
    end
  end
end

# What the bank pays a corporation when its par is set, for each company carrying its
# president's certificate (the library's `after_par` pays an incrementally capitalised
# corporation the par for each share the company's certificates hold): in a fresh game, as
# a multiple of the par, where it pays anything.
def par_payments(game)
  game.companies.select { |c| president_certificate?(c) }.each_with_object({}) do |company, out|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    held = fresh.company_by_id(company.sym)
    share = held.all_abilities.find { |a| a.type == :shares }&.shares&.first
    next unless share.respond_to?(:president) && share.president

    corp = share.corporation
    price = fresh.stock_market.par_prices.first
    fresh.stock_market.set_par(corp, price)
    before = corp.cash
    fresh.after_par(corp)
    paid = corp.cash - before
    out[company.sym] = paid / price.price if paid.positive? && (paid % price.price).zero?
  rescue StandardError
    next # a par the title does not let be set this way: nothing found
  end
end

# Train events the title's own setup puts on a train by a draw (1882's North West
# Rebellion): the built depot's trains carrying an event their type's TRAINS entry does
# not list. When some do, games are built as `game` was with each draw in turn forced to
# 0, 1, ..., 7: the draw that moves the event is reported with what each number gave
# (the train type and the train's place among that type's trains in the depot), and what
# the event does to tiles (`event_tiles`). Nil when no train carries such an event.
def drawn_train_events(game)
  events = drawn_events_of(game)
  return nil if events.empty?

  draws = game.instance_variable_get(:@__draws) || []
  draws.each_index do |place|
    picks = (0..7).map do |number|
      $forced_draw = [place, number]
      drawn_events_of(game_for(game.class, game.players.size, game.optional_rules))
    ensure
      $forced_draw = nil
    end
    next if picks.uniq.size < 2 || picks.any? { |p| p.size != 1 }

    type = picks.first.first[2]
    return { 'draw' => place, 'method' => draws[place], 'event' => type,
             'picks' => picks.map { |((name, at, _))| [name, at] },
             'tiles' => try { event_tiles(game, type) } }
  end
  { 'draw' => nil, 'events' => events }
end

def drawn_events_of(game)
  listed = (game.send(:game_trains) || []).to_h { |t| [t[:name], (t[:events] || []).map { |e| e['type'] || e[:type] }] }
  by_name = Hash.new(0)
  game.depot.upcoming.flat_map do |train|
    at = by_name[train.name]
    by_name[train.name] += 1
    train.events.map { |e| e['type'] || e[:type] }.reject { |e| (listed[train.name] || []).include?(e) }
             .map { |e| [train.name, at, e.to_s] }
  end
end

# What a title's own train event does to laid tiles: in a game built as `game` was, a
# tile of each colour in turn is put on every white hex that a tile of that colour with
# the same cities and towns is left for, then the event is run: the hexes tried and those
# it gave back their printed tile, by colour, and the icons of every hex tried.
def event_tiles(game, type)
  out = { 'tried' => {}, 'reverted' => {}, 'icons' => {} }
  %i[yellow green brown].each do |color|
    fresh = game_for(game.class, game.players.size, game.optional_rules)
    spare = fresh.tiles.select { |t| t.color == color && !t.hex && t.offboards.empty? }
    tried = fresh.hexes.select do |hex|
      original = hex.tile
      next false unless original.color == :white && original.offboards.empty?

      tile = spare.find { |t| t.cities.size == original.cities.size && t.towns.size == original.towns.size }
      next false unless tile

      spare.delete(tile)
      laid = begin
        hex.lay(tile)
        true
      rescue StandardError
        false
      end
      out['icons'][hex.id] = original.icons.map(&:name) if laid
      laid
    end
    fresh.send("event_#{type}!")
    out['tried'][color.to_s] = tried.map(&:id)
    out['reverted'][color.to_s] = tried.select { |hex| hex.tile == hex.original_tile }.map(&:id)
  end
  out
end

# A new game like `game`: its players, seed and optional rules (so the same companies
# stay in a title that removes some at random).
def replica(game, seed: nil)
  game.class.new(game.players.to_h { |p| [p.id, p.name] }, id: 1, seed: seed || game.instance_variable_get(:@seed) || 1,
                                                            optional_rules: game.optional_rules)
end

# A fresh game like `game` in which the company `sym` is open: with its seed, else the
# first of seeds 1 to 20 that does not take the company out at setup (1846's 2p variant
# removes companies at random).
def open_replica(game, sym)
  [nil, *1..20].each do |seed|
    fresh = replica(game, seed: seed)
    company = fresh.company_by_id(sym)
    return fresh if company && !company.closed?
  end
  nil
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
