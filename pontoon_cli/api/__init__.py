"""The public Python API's modules: playing (:mod:`~pontoon_cli.api.playing`), reading and
verifying logs (:mod:`~pontoon_cli.api.logs`), simulating (:mod:`~pontoon_cli.api.simulating`,
with its local workers and Dask). Import the public names from ``pontoon_cli`` itself."""
