#!/usr/bin/python3
"""Splits the site's module in two: what the first view runs, and the rest (loaded when first needed).

The first English view is lesson 1; the code of every other lesson, and of the console API's compute(),
goes to a second module that the page fetches when the learner first interacts, or at once when a link
opens another lesson (web/loader.js). Binaryen's wasm-split does the splitting; this script decides
what goes where, from the linked module's call graph:

  split roots   functions whose name says they belong to a lesson other than the kept one
                (`…::<Name>Lesson::…`, lambdas and std::function wrappers inside them included,
                `posenc::lessons::create_<id>()`) and the console API's compute() (posenc_compute);
  kept          everything reachable from the module's exports and its table without passing through
                a split root: those stay in the primary module, whoever else calls them;
  split         every other function: only split roots reach them.

Input: emscripten's posenc.wasm.orig (linked with -sSPLIT_MODULE=1 --profiling-funcs, so it has a name
section). Output: posenc.wasm (primary, placeholders where split functions were) and
posenc.deferred.wasm, both without names. Prints what it did.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

FEATURES = ['--enable-nontrapping-float-to-int', '--enable-bulk-memory', '--enable-sign-ext',
            '--enable-mutable-globals', '--enable-simd']


def leb(b, i):
    result = shift = 0
    while True:
        x = b[i]
        i += 1
        result |= (x & 0x7F) << shift
        shift += 7
        if x < 0x80:
            return result, i


def sections(b):
    """(id, start of the section's id byte, start of its payload, end) for every section."""
    if b[:4] != b'\0asm':
        sys.exit('split_wasm: not a wasm module')
    i = 8
    out = []
    while i < len(b):
        head = i
        sid = b[i]
        n, i = leb(b, i + 1)
        out.append((sid, head, i, i + n))
        i += n
    return out


def read_module(b):
    """Number of imported functions, and the name of every function index (from the name section)."""
    imported = 0
    names = {}
    for sid, _, start, end in sections(b):
        if sid == 2:  # imports
            count, i = leb(b, start)
            for _ in range(count):
                n, i = leb(b, i)
                i += n
                n, i = leb(b, i)
                i += n
                kind = b[i]
                i += 1
                if kind == 0:  # function: type index
                    _, i = leb(b, i)
                    imported += 1
                elif kind == 1:  # table: reftype, limits
                    i += 1
                    flags, i = leb(b, i)
                    _, i = leb(b, i)
                    if flags & 1:
                        _, i = leb(b, i)
                elif kind == 2:  # memory: limits
                    flags, i = leb(b, i)
                    _, i = leb(b, i)
                    if flags & 1:
                        _, i = leb(b, i)
                elif kind == 3:  # global: valtype, mutability
                    i += 2
                else:
                    sys.exit('split_wasm: unknown import kind %d' % kind)
        elif sid == 0:
            n, i = leb(b, start)
            if b[i:i + n] != b'name':
                continue
            i += n
            while i < end:
                sub = b[i]
                size, i = leb(b, i + 1)
                stop = i + size
                if sub == 1:  # function names
                    count, j = leb(b, i)
                    for _ in range(count):
                        index, j = leb(b, j)
                        n, j = leb(b, j)
                        names[index] = b[j:j + n].decode('utf-8', 'replace')
                        j += n
                i = stop
    return imported, names


def without_names(b):
    """The module with its custom sections dropped (names, producers): the site ships neither."""
    out = bytearray(b[:8])
    for sid, head, _, end in sections(b):
        if sid != 0:
            out += b[head:end]
    return bytes(out)


def call_graph(path):
    """Nodes (name → set of styles) and direct-call edges of an unnamed module, via wasm-opt."""
    dot = subprocess.run(['wasm-opt', path] + FEATURES + ['--print-call-graph', '-o', os.devnull],
                         check=True, capture_output=True, text=True).stdout
    exported, indirect, edges = set(), set(), {}
    node = re.compile(r'^\s*"([^"]+)" \[style="([^"]*)"(?:, fillcolor="(\w+)")?\];$')
    edge = re.compile(r'^\s*"([^"]+)" -> "([^"]+)";')
    in_key = False
    for line in dot.splitlines():
        if 'subgraph cluster_key' in line:
            in_key = True
        elif in_key and line.strip() == '}':
            in_key = False
            continue
        if in_key:
            continue
        m = edge.match(line)
        if m:
            edges.setdefault(m.group(1), set()).add(m.group(2))
            continue
        m = node.match(line)
        if m:
            if m.group(3) == 'gray':
                exported.add(m.group(1))
            if 'rounded' in m.group(2):
                indirect.add(m.group(1))
    return exported, indirect, edges


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('orig')
    ap.add_argument('--primary', required=True)
    ap.add_argument('--deferred', required=True)
    ap.add_argument('--keep-lesson', default='Order', help='class-name stem of the lesson the first view shows')
    ap.add_argument('--keep-create', default='order', help='its create_<id>() function')
    ap.add_argument('--split-name', action='append', default=[], help='a function that is a split root too')
    ap.add_argument('--split-regex', action='append', default=[],
                    help='functions whose name matches are split roots too (e.g. compute()\'s kinds, which reach '
                         'the table through a data array, not through code)')
    ap.add_argument('--report', help='write every function and where it went to this file')
    args = ap.parse_args()

    original = open(args.orig, 'rb').read()
    imported, names = read_module(original)
    if not names:
        sys.exit('split_wasm: %s has no name section (link with --profiling-funcs)' % args.orig)

    lesson = re.compile(r'::([A-Z][A-Za-z0-9]*)Lesson\b')
    create = re.compile(r'^posenc::lessons::create_(\w+)\(')

    def split_root(name):
        m = lesson.search(name)
        if m and m.group(1) != args.keep_lesson:
            return True
        m = create.match(name)
        if m and m.group(1) != args.keep_create:
            return True
        return name in args.split_name or any(re.search(r, name) for r in args.split_regex)

    with tempfile.TemporaryDirectory() as tmp:
        bare = os.path.join(tmp, 'bare.wasm')
        open(bare, 'wb').write(without_names(original))
        exported, indirect, edges = call_graph(bare)

        # Unnamed, binaryen calls defined function k "k" and imports "fimport$k".
        count, _ = leb(original, [s for s in sections(original) if s[0] == 3][0][2])  # function section
        roots_split = {k for k in range(count) if split_root(names.get(imported + k, ''))}
        # A root that kept code calls directly is shared code under a lesson's name: the linker merges
        # identical functions (a lesson's lambda that only builds a string is the same code as a string
        # constructor every lesson calls) and keeps one name. It stays, or the first view would load the
        # other lessons to run it. Repeat until no kept function calls a root.
        shared = set()
        while True:
            kept = set()
            todo = [int(n) for n in exported | indirect if n.isdigit() and int(n) not in roots_split]
            while todo:
                k = todo.pop()
                if k in kept:
                    continue
                kept.add(k)
                for t in edges.get(str(k), ()):
                    if t.isdigit() and int(t) not in kept and int(t) not in roots_split:
                        todo.append(int(t))
            called = {int(t) for k in kept for t in edges.get(str(k), ()) if t.isdigit() and int(t) in roots_split}
            if not called:
                break
            shared |= called
            roots_split -= called
        split = [k for k in range(count) if k not in kept]
        if not split:
            sys.exit('split_wasm: nothing to split (no lesson code found by name)')
        listing = os.path.join(tmp, 'split.txt')
        open(listing, 'w').write('\n'.join(str(k) for k in split) + '\n')
        subprocess.run(['wasm-split', bare] + FEATURES +
                       ['--split-funcs=@' + listing, '--import-namespace=primary',
                        '--placeholder-namespace=placeholder', '-o1', args.primary, '-o2', args.deferred],
                       check=True)

    if args.report:
        with open(args.report, 'w') as out:
            for k in range(count):
                where = 'root' if k in roots_split else 'shared' if k in shared else 'kept' if k in kept else 'deferred'
                out.write('%s\t%s\n' % (where, names.get(imported + k, '?')))
    for path in (args.primary, args.deferred):
        data = open(path, 'rb').read()
        open(path, 'wb').write(without_names(data))
    size = lambda p: os.path.getsize(p)
    print('split_wasm: %d of %d functions deferred (%d split roots, %d shared under a lesson\'s name); primary %d '
          'bytes, deferred %d bytes' % (len(split), count, len(roots_split), len(shared), size(args.primary),
                                       size(args.deferred)))


if __name__ == '__main__':
    main()
