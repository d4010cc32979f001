# frozen_string_literal: true

# What 18xx.games allows at chosen positions of a game: the legal-action lists of the
# reference engine (../shared/oracle/reference), for comparing with ours (tools/legal.py).
#
#   ruby tools/oracle_legal.rb GAME.json ID1,ID2,...
#
# Loads the game strictly, and after each requested action id prints one JSON line
#   {"id", "round", "entity", "actions": [canonical strings], "skipped": [...],
#    "unoffered": [those of the actions the game's page does not offer],
#    "refused": [candidates the steps' helpers list but the engine refuses, with why]}
# or {"id", "error"} when the reference refused an action at or before that position.
#
#   ruby tools/oracle_legal.rb GAME.json --try FILE
#
# tries other actions (our engine's, FILE is {"ID": {"TEXT": [actions]}}) after those
# ids and prints {"id", "tried": {TEXT: "accepted" | "refused: why"}} lines.
#
# For every entity that may act (the round's active entities, the companies they own,
# a corporation's president), each action type the round offers it
# (Round#actions_for) is expanded into candidates with the steps' own helpers (the
# auction's companies and bid limits, par prices, certificates and bundles, the
# tracker's connected hexes, upgradeable tiles and legal rotations, the token graph's
# cities, buyable trains and exchanges, purchasable companies, dividend kinds, the
# 18SJ privates' steps). Each candidate is then tried on a forked copy of the game:
# only what the engine accepts is listed (also what its page hides: "unoffered"). Free
# amounts (bids, company prices, trains from other corporations) are listed as the
# exact range the engine accepts, found by trying its ends. run_routes is listed only
# as offered: routes are compared elsewhere.
#
# Canonical strings (the same as tools/legal.py makes from our engine):
#   "ENTITY bid COMPANY PRICE" (buying the cheapest company) or "... bid COMPANY LOW..HIGH"
#   "ENTITY par CORP PRICE"                 "ENTITY buy_shares CORP SOURCE PERCENT%"
#   "ENTITY buy_shares CORP pool PERCENT% @PRICE" (a corporation redeeming)
#   "ENTITY sell_shares CORP PERCENT%"      "ENTITY lay_tile HEX TILE_NAME ROTATION"
#   "ENTITY place_token HEX#CITY"           "ENTITY buy_train VARIANT depot|pool @PRICE [exchange NAME]"
#   "ENTITY buy_train NAME from CORP LOW..HIGH"  "ENTITY buy_company COMPANY LOW..HIGH"
#   "ENTITY discard_train NAME"   "ENTITY dividend KIND"   "ENTITY assign HEX"
#   "ENTITY choose CHOICE"        "ENTITY pass"            "ENTITY bankrupt"
#   "ENTITY run_routes (routes not compared)"
# ENTITY is a player's id as text, or a corporation's, minor's or company's sym.
require 'json'
ORACLE = ENV.fetch('RAILS18XX_ORACLE', File.expand_path('../../shared/oracle', __dir__))
$LOAD_PATH.unshift(File.join(ORACLE, 'shim'))
require File.join(ORACLE, 'reference', 'lib', 'engine')
Engine::Logger.set_level(::Logger::FATAL) if defined?(Engine::Logger)

IGNORED = /\A(program_.*|end_game|message|log|undo|redo)\z/
ROUTES = 'run_routes (routes not compared)'
RANGE_CAP = 100_000

# One thing an entity may do: its canonical text and the action that does it. A range
# candidate has a block making the action for a price, and the helper's price limits.
# ``hidden`` marks what the game's page does not offer although the engine accepts it
# (listed, and named again under "unoffered").
Candidate = Struct.new(:text, :action, :low, :high, :maker, :hidden, keyword_init: true)

def entity_id(entity)
  entity.id.to_s
end

def entity_type(entity)
  return 'player' if entity.player?
  return 'company' if entity.company?
  return 'minor' if entity.minor?

  'corporation'
end

def action_for(entity, type, **fields)
  { 'type' => type, 'entity' => entity.id, 'entity_type' => entity_type(entity) }.merge(
    fields.transform_keys(&:to_s).compact
  )
end

# Tries an action on a forked copy of the game: [accepted?, the engine's message].
def trial(game, action)
  reader, writer = IO.pipe
  $stdout.flush
  pid = fork do
    reader.close
    begin
      game.process_action(action)
      error = game.exception
      writer.write(error ? "#{error.class.name.split('::').last}: #{error.message}"[0, 240] : '')
      writer.close
      exit!(error ? 1 : 0)
    rescue Exception => e # rubocop:disable Lint/RescueException
      writer.write("#{e.class}: #{e.message}"[0, 240])
      writer.close
      exit!(2)
    end
  end
  writer.close
  message = reader.read
  reader.close
  Process.wait(pid)
  [$?.exitstatus.zero?, message]
end

# The entities that may act now: the round's active ones, the companies they own, a
# corporation's president (who sells shares in an emergency), and every player's
# companies (a player's company may act out of its owner's turn, as 1889's Mitsubishi
# Ferry lays its tile between the operating corporations' turns: the round's
# actions_for says whether it may).
def acting_entities(game)
  round = game.round
  found = round.active_entities.compact.dup
  found << round.current_operator if round.respond_to?(:current_operator) && round.current_operator
  found.dup.each do |entity|
    found.concat(entity.companies) if entity.respond_to?(:companies)
    found << entity.owner if entity.corporation? && entity.owner&.player?
  end
  game.players.each { |player| found.concat(player.companies) }
  found.uniq.reject { |e| e.respond_to?(:closed?) && e.closed? }
end

# -- candidates, by action type --------------------------------------------------------

def bid_candidates(game, step, player)
  return draft_candidates(step, player) unless step.respond_to?(:min_bid)

  auctioning = step.send(:auctioning)
  companies = auctioning ? [auctioning] : step.companies
  companies.map do |company|
    low = step.min_bid(company)
    if step.may_purchase?(company)
      Candidate.new(text: "bid #{company.id} #{low}",
                    action: action_for(player, 'bid', company: company.id, price: low))
    else
      high = step.max_bid(player, company)
      # Bids that must go up in multiples of the increment: the range's top is the last
      # multiple (the prices between are refused, so the search for the top needs one).
      if game.class::MUST_BID_INCREMENT_MULTIPLE && high >= low
        high = low + ((high - low) / game.class::MIN_BID_INCREMENT) * game.class::MIN_BID_INCREMENT
      end
      Candidate.new(text: "bid #{company.id}", low: low, high: high,
                    maker: ->(price) { action_for(player, 'bid', company: company.id, price: price) })
    end
  end
end

# A draft's choices (1846's): each company shown, at its price.
def draft_candidates(step, player)
  step.available.map do |company|
    Candidate.new(text: "bid #{company.id} #{company.min_bid}",
                  action: action_for(player, 'bid', company: company.id, price: company.min_bid))
  end
end

def par_candidates(game, step, player)
  corporations =
    if step.is_a?(Engine::Step::CompanyPendingPar)
      company = step.companies_pending_par.first
      [game.abilities(company, :shares).shares.first.corporation]
    else
      # A nationalised corporation is closed but not ipoed: the engine would take its par,
      # the game's page never offers it.
      game.corporations.select { |c| !c.closed? && game.can_par?(c, player) }
    end
  corporations.flat_map do |corporation|
    step.get_par_prices(player, corporation).map do |price|
      Candidate.new(text: "par #{corporation.id} #{price.price}",
                    action: action_for(player, 'par', corporation: corporation.id, share_price: price.id))
    end
  end
end

# Where a certificate is bought from: the pool, a player, or "ipo" — the corporation's
# unsold certificates, whether the corporation holds them (incremental capitalisation,
# the reference's "Treasury") or the bank does (full capitalisation); "removed" for a
# certificate the game took out of play by giving it to the bank where the bank is not
# the initial offering (18Chesapeake's two-player game), which the page never offers.
def share_source(game, corporation, share)
  return 'pool' if share.owner == game.share_pool
  return 'removed' if share.owner == game.bank && ![corporation, corporation.ipo_owner].include?(game.bank)
  return 'ipo' if [corporation, corporation.ipo_owner, game.bank].include?(share.owner)

  "player #{share.owner.id}"
end

def buy_share_candidates(game, step, entity)
  return redeem_candidates(game, step, entity) if entity.corporation?
  return exchange_share_candidates(game, entity) if entity.company?

  game.corporations.select(&:ipoed).flat_map do |corporation|
    corporation.share_holders.keys.flat_map { |holder| holder.shares_of(corporation) }.uniq
      .reject { |share| share.president || share.owner == entity }
      .group_by { |share| [share_source(game, corporation, share), share.percent] }
      .map do |(source, percent), shares|
        Candidate.new(text: "buy_shares #{corporation.id} #{source} #{percent}%", hidden: source == 'removed',
                      action: action_for(entity, 'buy_shares', shares: [shares.first.id], percent: percent))
      end
  end
end

# A company's exchange (Step::Exchange): the page offers the shares of the ability's
# corporations, from where it says — the engine itself takes a share of any corporation.
def exchange_share_candidates(game, company)
  ability = game.abilities(company, :exchange)
  return [] unless ability

  game.exchange_corporations(ability).flat_map do |corporation|
    shares = []
    shares << corporation.available_share if ability.from.include?(:ipo)
    shares << game.share_pool.shares_by_corporation[corporation]&.first if ability.from.include?(:market)
    shares.compact.map do |share|
      Candidate.new(text: "buy_shares #{corporation.id} #{share_source(game, corporation, share)} #{share.percent}%",
                    action: action_for(company, 'buy_shares', shares: [share.id], percent: share.percent))
    end
  end
end

def redeem_candidates(game, _step, corporation)
  game.redeemable_shares(corporation).map do |bundle|
    Candidate.new(text: "buy_shares #{corporation.id} pool #{bundle.percent}% @#{bundle.share_price}",
                  action: action_for(corporation, 'buy_shares', shares: bundle.shares.map(&:id),
                                                                percent: bundle.percent,
                                                                share_price: bundle.share_price))
  end
end

# Sales: a player's bundles in a stock round; in an operating round the president's,
# which the page offers only when the corporation must buy a train (Train#must_buy_train?,
# "emergency money raising") although the engine takes them whenever the money on hand is
# short of the cheapest train; a corporation's own certificates only as the step's
# issuable shares (none in 18SJ), although the engine takes sales of its treasury shares.
def sell_candidates(game, step, entity)
  return issue_candidates(game, step, entity) if entity.corporation?

  emergency = step.respond_to?(:must_buy_train?)
  hidden = emergency && !step.must_buy_train?(step.current_entity)
  game.corporations.flat_map do |corporation|
    game.bundles_for_corporation(entity, corporation).map do |bundle|
      Candidate.new(text: "sell_shares #{corporation.id} #{bundle.percent}%", hidden: hidden,
                    action: action_for(entity, 'sell_shares', shares: bundle.shares.map(&:id),
                                                              percent: bundle.percent))
    end
  end
end

def issue_candidates(game, step, corporation)
  offered = step.respond_to?(:issuable_shares) ? step.issuable_shares(corporation) : []
  bundles = game.bundles_for_corporation(corporation, corporation)
  bundles.map do |bundle|
    Candidate.new(text: "sell_shares #{corporation.id} #{bundle.percent}%",
                  hidden: offered.none? { |b| b.shares == bundle.shares && b.percent == bundle.percent },
                  action: action_for(corporation, 'sell_shares', shares: bundle.shares.map(&:id),
                                                                 percent: bundle.percent))
  end
end

# The smallest rotation that lays the tile's track exactly as ``rotation`` does (tile 14
# at rotation 5 is tile 14 at rotation 2): both engines' rotations compare modulo the
# tile's symmetry.
def least_rotation(tile, rotation)
  signature = lambda do |r|
    tile.rotate!(r)
    tile.paths.map { |p| [p.exits.sort, p.nodes.map { |n| "#{n.type}#{n.index}" }.sort] }.sort
  end
  wanted = signature.call(rotation)
  least = Engine::Tile::ALL_EDGES.find { |r| signature.call(r) == wanted }
  tile.rotate!(rotation)
  least
end

def tile_candidates(game, step, entity)
  return [] if entity.player? # listed by a step that takes lay_tile from anyone (1889's)

  hexes =
    if entity.company?
      # a step may list lay_tile for a company without an ability usable now (1889's
      # special track step lists it for every entity while a company just sold lays)
      ability = step.abilities(entity)
      return [] unless ability

      ability.hexes.empty? ? game.hexes : ability.hexes.map { |h| game.hex_by_id(h) }
    else
      game.graph_for_entity(entity).connected_hexes(entity).keys
    end
  hexes.select { |hex| step.available_hex(entity, hex) }.sort_by(&:id).flat_map do |hex|
    step.upgradeable_tiles(entity, hex).flat_map do |tile|
      tile.legal_rotations.map do |rotation|
        Candidate.new(text: "lay_tile #{hex.id} #{tile.name} #{least_rotation(tile, rotation)}",
                      action: action_for(entity, 'lay_tile', hex: hex.id, tile: tile.id, rotation: rotation))
      end
    end
  end
end

def token_candidates(game, step, entity)
  cities =
    if step.is_a?(Engine::Step::HomeToken)
      step.pending_token[:hexes].flat_map { |hex| hex.tile.cities }
    else
      game.token_graph_for_entity(entity).connected_nodes(entity).keys.select(&:city?)
    end
  corporation = step.is_a?(Engine::Step::HomeToken) ? step.token.corporation : entity
  cities.map do |city|
    slot = city.get_slot(corporation) || city.tokens.size
    Candidate.new(text: "place_token #{city.hex.id}##{city.index}",
                  action: action_for(entity, 'place_token', city: city.id, slot: slot,
                                                            tokener: corporation.id))
  end
end

def train_candidates(game, step, entity)
  return special_train_candidates(game, step, entity) if entity.company?

  depot = game.depot
  bought = step.buyable_trains(entity).flat_map do |train|
    if train.from_depot?
      source = depot.discarded.include?(train) ? 'pool' : 'depot'
      train.variants.select { |_, v| step.buyable_train_variants(train, entity).include?(v) }.map do |name, v|
        Candidate.new(text: "buy_train #{name} #{source} @#{v[:price]}",
                      action: action_for(entity, 'buy_train', train: train.id, price: v[:price],
                                                              variant: name))
      end
    else
      low, high = step.spend_minmax(entity, train)
      [Candidate.new(text: "buy_train #{train.name} from #{train.owner.id}", low: low, high: high,
                     maker: lambda { |price|
                       action_for(entity, 'buy_train', train: train.id, price: price, variant: train.name)
                     })]
    end
  end
  bought + exchange_candidates(game, entity)
end

def exchange_candidates(game, entity)
  discarded = game.depot.discarded
  game.discountable_trains_for(entity).map do |old, train, name, price|
    source = discarded.include?(train) ? 'pool' : 'depot'
    Candidate.new(text: "buy_train #{name} #{source} @#{price} exchange #{old.name}",
                  action: action_for(entity, 'buy_train', train: train.id, price: price, variant: name,
                                                          exchange: old.id))
  end
end

def special_train_candidates(game, step, company)
  ability = step.ability(company)
  depot = game.depot
  depot.depot_trains.select { |t| ability.trains.empty? || ability.trains.include?(t.name) }.map do |train|
    price = ability.discounted_price(train, train.price)
    source = depot.discarded.include?(train) ? 'pool' : 'depot'
    Candidate.new(text: "buy_train #{train.name} #{source} @#{price}",
                  action: action_for(company, 'buy_train', train: train.id, price: price,
                                                           variant: train.name))
  end
end

def company_candidates(game, _step, entity)
  game.purchasable_companies(entity).map do |company|
    Candidate.new(text: "buy_company #{company.id}", low: company.min_price, high: company.max_price(entity),
                  maker: ->(price) { action_for(entity, 'buy_company', company: company.id, price: price) })
  end
end

# Discards: any corporation over its limit may discard (DiscardTrain#actions), the page
# asks the first of them (the step's active entity).
def discard_candidates(_game, step, entity)
  hidden = step.active_entities.first != entity
  entity.trains.map do |train|
    Candidate.new(text: "discard_train #{train.name}", hidden: hidden,
                  action: action_for(entity, 'discard_train', train: train.id))
  end
end

def dividend_candidates(_game, step, entity)
  step.dividend_types.map do |kind|
    Candidate.new(text: "dividend #{kind}", action: action_for(entity, 'dividend', kind: kind.to_s))
  end
end

def assign_candidates(game, step, entity)
  hexes =
    if entity.company?
      game.abilities(entity, :assign_hexes).hexes.map { |h| game.hex_by_id(h) }
    else
      game.gkb_hexes
    end
  hexes.select { |hex| step.available_hex(entity, hex) }.map do |hex|
    Candidate.new(text: "assign #{hex.id}",
                  action: action_for(entity, 'assign', target: hex.id, target_type: 'hex'))
  end
end

def choose_candidates(_game, step, entity)
  step.choices.keys.map do |choice|
    Candidate.new(text: "choose #{choice}", action: action_for(entity, 'choose', choice: choice.to_s))
  end
end

def plain(type)
  lambda { |_game, _step, entity|
    [Candidate.new(text: type, action: action_for(entity, type))]
  }
end

# Bankruptcy: the Bankrupt step takes it at any moment of an operator's turn when its
# president cannot raise the cheapest depot train; the page offers it in the emergency
# train purchase only (the corporation must buy a train).
def bankrupt_candidates(game, _step, entity)
  active = game.round.active_step
  offered = active.respond_to?(:must_buy_train?) && active.current_entity == entity &&
            active.must_buy_train?(entity)
  [Candidate.new(text: 'bankrupt', action: action_for(entity, 'bankrupt'), hidden: !offered)]
end

GENERATORS = {
  'bid' => method(:bid_candidates), 'par' => method(:par_candidates),
  'buy_shares' => method(:buy_share_candidates), 'sell_shares' => method(:sell_candidates),
  'lay_tile' => method(:tile_candidates), 'place_token' => method(:token_candidates),
  'buy_train' => method(:train_candidates), 'buy_company' => method(:company_candidates),
  'discard_train' => method(:discard_candidates), 'dividend' => method(:dividend_candidates),
  'assign' => method(:assign_candidates), 'choose' => method(:choose_candidates),
  'pass' => plain('pass'), 'bankrupt' => method(:bankrupt_candidates),
}.freeze

# -- checking candidates -----------------------------------------------------------------

# The smallest price in low..high the engine accepts, given that it accepts high and
# acceptance only grows with the price.
def first_accepted(low, high)
  while low < high
    mid = (low + high) / 2
    yield(mid) ? high = mid : low = mid + 1
  end
  low
end

# The largest price in low..high the engine accepts, given that it accepts low.
def last_accepted(low, high)
  while low < high
    mid = (low + high + 1) / 2
    yield(mid) ? low = mid : high = mid - 1
  end
  low
end

# The exact range of prices the engine accepts, starting from the helper's limits;
# nil when it accepts neither limit.
def accepted_range(low, high, &ok)
  return nil if high < low

  ok_low = ok.call(low)
  ok_high = ok.call(high)
  return nil unless ok_low || ok_high

  bottom = ok_low ? low : first_accepted(low, high, &ok)
  bottom = first_accepted([low - 1_000, 0].max, low - 1, &ok) if ok_low && low.positive? && ok.call(low - 1)
  top = ok_high ? high : last_accepted(bottom, high, &ok)
  top = last_accepted(high + 1, RANGE_CAP, &ok) if ok_high && ok.call(high + 1)
  [bottom, top]
end

# Candidate → [canonical text or nil, why it was refused].
def check(game, candidate)
  unless candidate.maker
    ok, why = trial(game, candidate.action)
    return ok ? [candidate.text, nil] : [nil, why]
  end

  if candidate.high < candidate.low
    return [nil, "the least amount #{candidate.low} is above the most #{candidate.high}"]
  end

  last_why = nil
  range = accepted_range(candidate.low, candidate.high) do |price|
    ok, last_why = trial(game, candidate.maker.call(price))
    ok
  end
  range ? ["#{candidate.text} #{range[0]}..#{range[1]}", nil] : [nil, last_why]
end

def listing(game)
  round = game.round
  actions = []
  refused = []
  skipped = []
  unoffered = []
  acting_entities(game).each do |entity|
    prefix = "#{entity_id(entity)} "
    round.actions_for(entity).grep_v(IGNORED).each do |type|
      if type == 'run_routes'
        actions << prefix + ROUTES
        skipped << "#{prefix}run_routes: routes not compared"
        next
      end
      generator = GENERATORS[type]
      unless generator
        actions << "#{prefix}#{type} ?"
        next
      end
      step = round.step_for(entity, type)
      generator.call(game, step, entity).each do |candidate|
        text, why = check(game, candidate)
        next refused << "#{prefix}#{candidate.text}: #{why}" unless text

        actions << prefix + text
        unoffered << prefix + text if candidate.hidden
      end
    end
  end
  { actions: actions.uniq.sort, unoffered: unoffered.uniq.sort, skipped: skipped, refused: refused.uniq }
end

def main(path, ids)
  data = JSON.parse(File.read(path))
  game = Engine::Game.load(data, at_action: 0, strict: true)
  refused = nil
  ids.sort.each do |id|
    game.process_to_action(id) unless refused
    if game.exception && !refused
      action = game.broken_action
      refused = "action #{action&.id} (#{action&.type}): #{game.exception.message[0, 200]}"
    end
    next puts(JSON.generate({ id: id, error: "18xx.games refused #{refused}" })) if refused

    round = game.round
    entity = round.active_entities.first
    line = { id: id, round: round.name, entity: entity && entity_id(entity) }
    line[:finished] = true if game.finished
    puts JSON.generate(line.merge(game.finished ? { actions: [] } : listing(game)))
    $stdout.flush
  end
end

# -- trying another engine's actions -------------------------------------------------------

# An action of our engine's as the reference knows it: the tile by name (any unlaid copy:
# copies are numbered differently), the city by hex and index.
def as_reference(game, action)
  action = action.dup
  hex, index = action.delete('_hex'), action.delete('_index')
  if action['type'] == 'lay_tile'
    name = action['tile'].to_s.sub(/-\d+\z/, '')
    tile = game.tiles.find { |t| t.name == name && !t.hex }
    action['tile'] = tile.id if tile
  end
  action['city'] = game.hex_by_id(hex).tile.cities[index]&.id if hex && game.hex_by_id(hex)
  action
end

# Whether the reference accepts each of the given actions: "accepted", or why not.
def tried(game, listed)
  listed.to_h do |text, actions|
    refusal = actions.lazy.map { |a| trial(game, as_reference(game, a)) }.reject(&:first).first
    [text, refusal ? "refused: #{refusal[1]}" : 'accepted']
  end
end

# --try FILE: FILE is {"ID": {"TEXT": [18xx.games actions]}}; prints {"id", "tried"} lines.
def try_main(path, file)
  wanted = JSON.parse(File.read(file)).transform_keys(&:to_i)
  game = Engine::Game.load(JSON.parse(File.read(path)), at_action: 0, strict: true)
  wanted.keys.sort.each do |id|
    game.process_to_action(id)
    break if game.exception

    puts JSON.generate({ id: id, tried: tried(game, wanted[id]) })
    $stdout.flush
  end
end

if ARGV.size == 3 && ARGV[1] == '--try'
  try_main(ARGV[0], ARGV[2])
else
  abort('usage: ruby tools/oracle_legal.rb GAME.json ID1,ID2,... | GAME.json --try FILE') if ARGV.size != 2
  main(ARGV[0], ARGV[1].split(',').map(&:to_i))
end
