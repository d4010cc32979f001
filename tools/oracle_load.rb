# frozen_string_literal: true

# Loads game files as 18xx.games does when a game is opened: all its actions at once,
# up to the last action's id (Engine::Game.load, strictly), rather than one action at
# a time as the oracle's check.rb does. The two differ only for files whose ids do not
# increase (18xx.games takes such actions in the order of the list).
#
#   ruby tools/oracle_load.rb GAME.json...
#
# Prints one JSON line per file: {"file", "refused": null | {"id", "type", "message"},
# "actions" (how many it processed), "finished", "game_end_reason", "result"}.
require 'json'
ORACLE = ENV.fetch('RAILS18XX_ORACLE', File.expand_path('../../shared/oracle', __dir__))
$LOAD_PATH.unshift(File.join(ORACLE, 'shim'))
require File.join(ORACLE, 'reference', 'lib', 'engine')
Engine::Logger.set_level(::Logger::FATAL) if defined?(Engine::Logger)

ARGV.each do |path|
  out = { file: path }
  begin
    game = Engine::Game.load(JSON.parse(File.read(path)), strict: true)
    bad = game.exception && game.broken_action
    out[:refused] = game.exception && { id: bad&.id, type: bad&.type, message: game.exception.message[0, 300] }
    out[:actions] = game.raw_actions.size
    out[:finished] = game.finished
    out[:game_end_reason] = game.game_end_reason&.to_s
    out[:result] = game.result.transform_keys(&:to_s)
  rescue StandardError => e
    out[:refused] = { id: nil, type: nil, message: "#{e.class}: #{e.message}"[0, 300] }
  end
  puts JSON.generate(out)
  $stdout.flush
end
