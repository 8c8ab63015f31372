"""``pontoon cases``: a small conformance case set per preset (docs/how-to/prove-your-engine.md).

:mod:`pontoon_cli.conformance.build` plays seeded games under the preset's defaults and under
each house option's setting, records the rules every deal exercised (the probe of ``pontoon replay
--coverage``), and picks the fewest short logs that exercise every rule between them; the rules
seeded play cannot reach (selling the bank, a void deal, the banker's top-up) come from the
scenario files in ``scenarios/`` beside this module, written into the case set with their logs.
Not compiled (``_build.NOT_COMPILED_PACKAGES``): it runs once a command.
"""
