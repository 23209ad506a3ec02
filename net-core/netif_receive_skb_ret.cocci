// SPDX-License-Identifier: GPL-2.0
/// Audit: callers that use netif_receive_skb()'s return value. Called from a
/// driver's NAPI poll, netif_receive_skb() now returns NET_RX_SUCCESS for a
/// skb it adds to the NAPI's receive list, so such a caller no longer sees
/// NET_RX_DROP for it. Lists file:line:function of every such use (all of
/// them, not only a function's first), and file:line:function:how where the
/// value may reach a caller indirectly:
///   fnptr         netif_receive_skb is taken as a value (a function
///                 pointer): the calls made through it are not seen here
///   via w()       a call whose value is used, of a function w() of this
///                 file that returns netif_receive_skb()'s value (two levels)
///   fnptr w()     such a w() is taken as a value (NF_HOOK()'s okfn...)
/// Not seen: a wrapper in another file (unless the files are given to one
/// spatch, as audit.sh does), a use through a macro, a call in code that
/// spatch cannot parse (check with spatch --parse-c).
///
// Usage: net-core/audit.sh TREE
// Options: --no-includes --include-headers

virtual report

// a call whose value is thrown away
@plain@
expression skb;
position p;
@@
(
 netif_receive_skb@p(skb);
|
 (void)netif_receive_skb@p(skb);
)

// every other call uses the value; p holds every such call of fn, not
// only the first (p[0])
@r@
expression skb;
identifier fn;
position p != plain.p;
@@
fn(...) { <... netif_receive_skb@p(skb) ...> }

// netif_receive_skb not called but taken as a value (jme: jme->jme_rx).
// The contexts are spelled out: "nrs@p" alone with "p != {plain.p, r.p}"
// overflows spatch's stack when audit.sh passes all the files at once.
@fptr@
identifier nrs = netif_receive_skb;
expression E, E1;
position p;
@@
(
 E = nrs@p
|
 E(..., nrs@p, ...)
|
 E ? nrs@p : E1
|
 E ? E1 : nrs@p
|
 &nrs@p
)

@fptrr@
identifier nrs = netif_receive_skb;
position p;
@@
 return nrs@p;

@fptri@
identifier nrs = netif_receive_skb, fld, x;
type T;
position p;
@@
 T x = { ..., .fld = nrs@p, ... };

// wrappers that hand netif_receive_skb()'s value to their caller
@wrap exists@
identifier w, ret;
expression skb, e;
@@
w(...) {
 <+...
(
 return netif_receive_skb(skb);
|
 ret = netif_receive_skb(skb);
 ... when != ret = e
 return ret;
)
 ...+>
}

// the calls of such a wrapper whose value is used ...
@wplain@
identifier wrap.w;
position p;
@@
(
 w@p(...);
|
 (void)w@p(...);
)

@wuse@
identifier wrap.w;
position p != wplain.p;
@@
 w@p(...)

// ... and its uses as a value (NF_HOOK()'s okfn, a callback)
@wptr@
identifier wrap.w;
expression E, E1;
position p;
@@
(
 E = w@p
|
 E(..., w@p, ...)
|
 E ? w@p : E1
|
 E ? E1 : w@p
|
 &w@p
)

// one level up: a function that returns such a wrapper's value
@wrap2 exists@
identifier wrap.w, w2;
@@
w2(...) { <+... return w(...); ...+> }

@w2plain@
identifier wrap2.w2;
position p;
@@
(
 w2@p(...);
|
 (void)w2@p(...);
)

@w2use@
identifier wrap2.w2;
position p != w2plain.p;
@@
 w2@p(...)

@w2ptr@
identifier wrap2.w2;
expression E, E1;
position p;
@@
(
 E = w2@p
|
 E(..., w2@p, ...)
|
 E ? w2@p : E1
|
 E ? E1 : w2@p
|
 &w2@p
)

@script:python depends on report@
p << r.p;
fn << r.fn;
@@
for q in p:
	print("%s:%s:%s" % (q.file, q.line, fn))

@script:python depends on report@
p << fptr.p;
@@
for q in p:
	print("%s:%s:%s:fnptr" % (q.file, q.line, q.current_element))

@script:python depends on report@
p << fptrr.p;
@@
for q in p:
	print("%s:%s:%s:fnptr" % (q.file, q.line, q.current_element))

@script:python depends on report@
p << fptri.p;
@@
for q in p:
	print("%s:%s:%s:fnptr" % (q.file, q.line, q.current_element))

@script:python depends on report@
p << wuse.p;
w << wrap.w;
@@
for q in p:
	print("%s:%s:%s:via %s()" % (q.file, q.line, q.current_element, w))

@script:python depends on report@
p << wptr.p;
w << wrap.w;
@@
for q in p:
	print("%s:%s:%s:fnptr %s()" % (q.file, q.line, q.current_element, w))

@script:python depends on report@
p << w2use.p;
w2 << wrap2.w2;
@@
for q in p:
	print("%s:%s:%s:via %s()" % (q.file, q.line, q.current_element, w2))

@script:python depends on report@
p << w2ptr.p;
w2 << wrap2.w2;
@@
for q in p:
	print("%s:%s:%s:fnptr %s()" % (q.file, q.line, q.current_element, w2))
