// SPDX-License-Identifier: GPL-2.0
/// Audit: drivers that call napi_complete_done() (or napi_complete(), which
/// wraps it) with a spinlock held. napi_complete_done() passes GRO's part
/// of the NAPI's receive list up the stack there; v1 of the series passed
/// the skbs the poll gave to netif_receive_skb() up there too, and v2 never
/// does (net/core/dev.c: napi_rx_complete_late()). Delivered under the
/// driver's lock, a packet the stack answers or forwards out of the same
/// device can reach its ndo_start_xmit(), which may take that lock again;
/// with _irqsave/_irq (or local_irq_save()) the list is also processed with
/// hard IRQs off. Lists file:line:function:lockfn of every napi_complete*()
/// call reached, on some path, from a lock that is not released on that
/// path. lockfn is the locking call; "guard(x)"/"scoped_guard(x)" for the
/// cleanup.h forms, and "lockfn>helper()" when the call is in a helper of
/// the same file that is called with the lock held (line is that call).
///
// Confidence: Moderate: a lock and its unlock are paired by the same
// expression, so an unlock through an alias or a helper is not seen (a
// false positive, to be read by hand); napi_complete*() behind a macro, or
// in a function that does not parse, is not seen (a false negative); a lock
// taken in a caller in another file neither. A line may print twice (one
// per path): sort -u.
// Usage: spatch --very-quiet -D report --no-show-diff --no-includes \
//	--sp-file net-core/napi_complete_locked.cocci FILES | sort -u
// Options: --no-includes --include-headers

virtual report

// lock (trylock included: the call may be a condition) ... napi_complete*()
@locked exists@
identifier lockfn =~ "^((raw_)?spin_(try)?lock(_irqsave|_irq|_bh)?(_nested)?|(read|write)_(try)?lock(_irqsave|_irq|_bh)?|(__)?netif_tx_lock(_bh)?|local_irq_save|bh_lock_sock(_nested)?)$";
identifier unlockfn =~ "^((raw_)?spin_unlock(_irqrestore|_irq|_bh)?|(read|write)_unlock(_irqrestore|_irq|_bh)?|(__)?netif_tx_unlock(_bh)?|local_irq_restore|bh_unlock_sock)$";
expression l;
position p1, p2;
@@
lockfn@p1(l, ...)
... when != unlockfn(l, ...)
(
napi_complete_done@p2(...)
|
napi_complete@p2(...)
)

@irqoff exists@
position p1, p2;
@@
local_irq_disable@p1()
... when != local_irq_enable()
(
napi_complete_done@p2(...)
|
napi_complete@p2(...)
)

// guard(spinlock_irqsave)(&lock): held to the end of the scope
@guarded exists@
identifier g =~ "^((raw_)?spinlock|read_lock|write_lock|irq|netif_tx)";
position p1, p2;
@@
guard@p1(g)(...);
...
(
napi_complete_done@p2(...)
|
napi_complete@p2(...)
)

@sguarded exists@
iterator name scoped_guard;
identifier g =~ "^((raw_)?spinlock|read_lock|write_lock|irq|netif_tx)";
position p1, p2;
@@
scoped_guard@p1(g, ...) {
<+...
(
napi_complete_done@p2(...)
|
napi_complete@p2(...)
)
...+>
}

// one level down: a function of this file that calls napi_complete*() ...
@helper exists@
identifier h;
position p3;
@@
h(...) {
<+...
(
napi_complete_done@p3(...)
|
napi_complete@p3(...)
)
...+>
}

// ... called with a lock held
@via exists@
identifier helper.h;
identifier lockfn =~ "^((raw_)?spin_(try)?lock(_irqsave|_irq|_bh)?(_nested)?|(read|write)_(try)?lock(_irqsave|_irq|_bh)?|(__)?netif_tx_lock(_bh)?|local_irq_save|bh_lock_sock(_nested)?)$";
identifier unlockfn =~ "^((raw_)?spin_unlock(_irqrestore|_irq|_bh)?|(read|write)_unlock(_irqrestore|_irq|_bh)?|(__)?netif_tx_unlock(_bh)?|local_irq_restore|bh_unlock_sock)$";
expression l;
position p1, p2;
@@
lockfn@p1(l, ...)
... when != unlockfn(l, ...)
h@p2(...)

@script:python depends on report@
p << locked.p2;
lockfn << locked.lockfn;
@@
for q in p:
	print("%s:%s:%s:%s" % (q.file, q.line, q.current_element, lockfn))

@script:python depends on report@
p << irqoff.p2;
@@
for q in p:
	print("%s:%s:%s:local_irq_disable" % (q.file, q.line, q.current_element))

@script:python depends on report@
p << guarded.p2;
g << guarded.g;
@@
for q in p:
	print("%s:%s:%s:guard(%s)" % (q.file, q.line, q.current_element, g))

@script:python depends on report@
p << sguarded.p2;
g << sguarded.g;
@@
for q in p:
	print("%s:%s:%s:scoped_guard(%s)" % (q.file, q.line, q.current_element, g))

@script:python depends on report@
p << via.p2;
lockfn << via.lockfn;
h << helper.h;
@@
for q in p:
	print("%s:%s:%s:%s>%s()" % (q.file, q.line, q.current_element, lockfn, h))
