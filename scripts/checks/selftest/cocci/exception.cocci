// SPDX-License-Identifier: GPL-2.0-only
// Bad input for the coccinelle check: a script that raises on every file
// with a function, as a crash or the timeout on one file does. Over a
// directory, spatch prints "EXN: ... in FILE", goes on and exits 0; the
// check must fail rather than report nothing for that file.
virtual report

@r depends on report@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python depends on report@
p << r.p;
@@
raise RuntimeError("cocci-selftest: exception.cocci")
