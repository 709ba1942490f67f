#!/usr/bin/python3
"""Fails when text the app can show uses a character that none of its font subsets has (it would draw
as '?'). Usage: check_glyphs.py FONT [FONT ...] -- TEXTFILE [TEXTFILE ...]
Run with Debian's /usr/bin/python3 (fontTools comes from the fonttools package)."""
import sys
from fontTools.ttLib import TTFont

args = sys.argv[1:]
if "--" not in args:
    sys.exit("usage: check_glyphs.py FONT... -- TEXT...")
split = args.index("--")
fonts, texts = args[:split], args[split + 1:]
covered = set()
for path in fonts:
    covered |= set(TTFont(path, fontNumber=0).getBestCmap().keys())
missing = {}
for path in texts:
    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            for ch in line:
                if ord(ch) >= 0x20 and ord(ch) not in covered and ch not in "\n\r\t":
                    missing.setdefault(ch, f"{path}:{line_no}")
for ch, where in sorted(missing.items()):
    print(f"missing glyph U+{ord(ch):04X} {ch!r} first used at {where}")
print(f"{len(covered)} glyphs in {len(fonts)} fonts; {len(missing)} characters missing")
sys.exit(1 if missing else 0)
