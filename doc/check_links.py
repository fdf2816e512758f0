#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Check the documentation's cross-references: every relative markdown link (and its #anchor) in
README.md and doc/**/*.md, and every doc/FILE.md#anchor named in a comment under include/,
example/, bench/ and test/. Anchors follow GitHub's rule: the heading in lower case, punctuation
other than '-' and '_' dropped, spaces as '-', a repeated heading suffixed -1, -2, ...

    python3 doc/check_links.py [repository root]

Prints each broken reference as file:line and exits 1 if there is any. Not run by CI; run it after
moving or renaming a heading."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
anchors = {}


def slug(heading):
    heading = re.sub(r'<[^>]+>', '', heading.strip().lower())
    return re.sub(r'[^\w\- ]', '', heading).replace(' ', '-')


def anchors_of(path):
    if path not in anchors:
        seen, found, fence = {}, set(), False
        for line in path.read_text(encoding='utf-8').splitlines():
            if line.lstrip().startswith('```'):
                fence = not fence
                continue
            m = re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
            if m and not fence:
                s = slug(m.group(1))
                n = seen.get(s, 0)
                seen[s] = n + 1
                found.add(s if n == 0 else f'{s}-{n}')
            found.update(re.findall(r'<a\s+(?:name|id)="([^"]+)"', line))
        anchors[path] = found
    return anchors[path]


def check(source, line, target, frag, text):
    if not target.exists():
        return [f'{source}:{line}: missing file {text}']
    if frag and target.suffix == '.md' and frag not in anchors_of(target):
        return [f'{source}:{line}: missing anchor {text}']
    return []


bad = []
for md in sorted(root.glob('doc/**/*.md')) + [root / 'README.md']:
    text = md.read_text(encoding='utf-8')
    # code blocks hold no links; keep their newlines so that line numbers stay right
    text = re.sub(r'```.*?```', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)
    for m in re.finditer(r'\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)', text):
        url = m.group(1)
        if re.match(r'^[a-z][a-z0-9+.-]*:', url):
            continue
        path, _, frag = url.partition('#')
        target = (md.parent / path).resolve() if path else md
        bad += check(md.relative_to(root), text.count('\n', 0, m.start()) + 1, target, frag, url)
for folder in ('include', 'example', 'bench', 'test'):
    for src in sorted((root / folder).rglob('*')):
        if src.suffix not in ('.hpp', '.cpp', '.h', '.cu', '.cuh', '.py', '.txt', '.cmake'):
            continue
        for n, line in enumerate(src.read_text(encoding='utf-8', errors='replace').splitlines(), 1):
            for m in re.finditer(r'\b(doc/[\w./-]+\.md)(?:#([\w-]+))?', line):
                bad += check(src.relative_to(root), n, root / m.group(1), m.group(2), m.group(0))
print('\n'.join(bad + [f'{len(bad)} broken reference(s)']))
sys.exit(1 if bad else 0)
