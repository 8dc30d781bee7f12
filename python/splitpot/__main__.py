import sys

from splitpot.cli import main

sys.exit(main())
