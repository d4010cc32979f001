"""convert: 18xx.games' titles as title folders (``18xx import``).

Owns reading a checkout of 18xx.games' engine with Debian's Ruby (``dump.rb``,
which loads the engine and reads each title's data from built game objects, and
``source``), mapping that data to the title format (``codes``, ``board``,
``stock``, ``rules``, ``trains``, ``entities``, ``rounds``, ``title``), naming what
the format cannot say (``gaps``), and writing and validating the folders
(``writer``, ``run``). It imports base and title only (it validates what it writes
with the title loader) and sits above serve in the layer order, below cli.
"""
