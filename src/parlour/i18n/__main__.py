"""``python -m parlour.i18n``: bring every catalogue up to date (see
:mod:`parlour.i18n.extract`)."""

from parlour.i18n.extract import main

main()
