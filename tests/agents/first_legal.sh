#!/bin/sh
# A player for parlour's engine protocol, version 1 (docs/protocol.md),
# written from that document alone, in POSIX shell and sed: it plays the
# first legal move it is offered.
while IFS= read -r line; do
    case $line in
        '{"type": "move"'*)
            request=$(printf '%s\n' "$line" | sed 's/^{"type": "move", "request": \([0-9]*\).*/\1/')
            move=$(printf '%s\n' "$line" | sed 's/^[^[]*\[{"id": \([0-9]*\).*/\1/')
            printf '{"request": %s, "move": %s}\n' "$request" "$move" ;;
        '{"type": "refused"'*) printf 'refused: %s\n' "$line" >&2 ;;
        '{"type": "quit"'*) exit 0 ;;
    esac
done
