// SPDX-License-Identifier: GPL-2.0-only
// Bad input for the coccinelle check: a rule spatch cannot parse (the
// metavariable declaration lacks its ';', the call its ')'). spatch exits
// non-zero; the check must fail rather than report nothing.
virtual report

@r depends on report@
expression E
@@
- kfree(E
