import sys

from roadlaw.cli import main

sys.exit(main())
