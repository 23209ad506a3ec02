// SPDX-License-Identifier: GPL-2.0
/// Audit: callers that use netif_receive_skb()'s return value. Called from a
/// driver's NAPI poll, netif_receive_skb() now returns NET_RX_SUCCESS for a
/// skb it adds to the NAPI's receive list, so such a caller no longer sees
/// NET_RX_DROP for it. Lists file:line:function of every such use.
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

// every other call uses the value
@r@
expression skb;
identifier fn;
position p != plain.p;
@@
fn(...) { <... netif_receive_skb@p(skb) ...> }

@script:python depends on report@
p << r.p;
fn << r.fn;
@@
print("%s:%s:%s" % (p[0].file, p[0].line, fn))
