# frozen_string_literal: true

# A stand-in for the require_all gem, for `18xx import` (dump.rb puts this folder on
# the load path only when the gem is not installed). 18xx.games' engine loads its
# folders with `require_rel`: every .rb file below each folder, sorted, a file that
# needs another not loaded yet (a NameError) retried after the others.
def require_rel(*paths)
  base = File.dirname(caller_locations(1, 1).first.absolute_path)
  files = paths.flat_map { |p| Dir.glob(File.join(base, p, '**', '*.rb')) }.sort
  until files.empty?
    failed = files.reject do |file|
      require file
      true
    rescue NameError
      false
    end
    raise LoadError, "cannot load #{failed.first}" if failed.size == files.size

    files = failed
  end
end
