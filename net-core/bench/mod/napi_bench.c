// SPDX-License-Identifier: GPL-2.0
/*
 * napi_bench: a NAPI receive workload with no race, for measuring the
 * stack's receive paths. Not part of the series: a harness module, built
 * against the kernel under test (make bench, or by hand on a board).
 *
 * It registers one Ethernet device, nbench0, with one NAPI instance. Each
 * round of a run prepares BATCH copies of one 64-byte IPv4/UDP frame (to
 * 10.99.0.1:9 from 10.99.0.2:9999, checksum verified as by a NIC's RX
 * offload), then schedules the NAPI on the running CPU and enables BH, so
 * that its poll runs there and then and passes the BATCH frames up through
 * the API under test. With fwd 1, the frames are instead the next BATCH
 * full-sized segments (1448 bytes of payload, the IP id counting up) of
 * one TCP flow from
 * 10.99.0.2:40000 to 10.99.1.2:5001, with no RX checksum offload
 * (CHECKSUM_NONE), which the harness routes out of a second device,
 * nbench1: a router without RX checksum offload. nbench1 drops what it is
 * given; its tx checksum and TSO features are ethtool's to turn off. The
 * APIs under test:
 *
 *   0 none       consume_skb() in the poll: the workload's own cost
 *   1 receive    netif_receive_skb(), one call per frame
 *   2 list       a list of the poll's own, netif_receive_skb_list()
 *   3 gro        napi_gro_receive() (GRO on or off: ethtool -K nbench0 gro)
 *   4 netif_rx   netif_rx() from the round itself (the backlog NAPI),
 *                BH disabled around the BATCH calls
 *
 * Every run of the same parameters does the same work: the harness counts
 * its instructions (make bench, under QEMU), and the run itself reports
 * its time (local_clock()) for a board.
 *
 * The harness sets up the receiver: nbench0 up with 10.99.0.1/24, and a
 * UDP socket bound to 10.99.0.1:9 that is never read, so that after its
 * first datagrams every one is dropped at its full queue, after routing
 * and the socket lookup.
 *
 * On a kernel with the NAPI receive list (netif_napi_set_rx_list()), rx_list
 * says whether the NAPI instance has one: 0 no (and no NAPI has one, so the
 * core's static key is off), 1 yes, 2 no, but another NAPI instance of the
 * module has one (the key is on). The harness builds the module with
 * -DHAVE_NAPI_RX_LIST there (Kbuild).
 *
 * /sys/kernel/debug/napi_bench/: api, batch (1..64), rounds, rx_list, fwd:
 * the parameters; reading "run" runs them and returns one line:
 *   api=N batch=B rounds=R packets=P ns=T ns_per_packet=X
 */
#include <linux/debugfs.h>
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/sched/clock.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/checksum.h>
#include <net/gro.h>
#include <net/ip.h>

enum { API_NONE, API_RECEIVE, API_LIST, API_GRO, API_NETIF_RX, API_MAX };

#define FRAME_LEN	64
#define TCP_MSS		1448
#define TCP_FRAME_LEN	(ETH_HLEN + sizeof(struct iphdr) + sizeof(struct tcphdr) + TCP_MSS)
#define TCP_FRAME_OFF	2	/* so that the IP header is 4-aligned */
#define MAX_BATCH	64

struct napi_bench {
	struct net_device *dev;
	struct net_device *out;		/* nbench1: where fwd 1 goes */
	struct napi_struct napi;
	struct napi_struct other;	/* never enabled: rx_list 2 */
	struct sk_buff_head queue;	/* the next poll's frames */
	struct dentry *dir;
	struct mutex lock;		/* one run at a time */
	u8 frame[FRAME_LEN];
	/* the TCP frame, at TCP_FRAME_OFF: its IP and TCP headers 4-aligned */
	u8 tcp_buf[TCP_FRAME_OFF + TCP_FRAME_LEN] __aligned(4);
	u32 seq;			/* the next TCP segment's */
	u16 ip_id;
	char result[160];		/* the last run's line */
	u32 api;
	u32 batch;
	u32 rounds;
	u32 rx_list;
	u32 rx_list_set;		/* what the NAPIs have */
	u32 fwd;
};

static struct napi_bench *bench;

static netdev_tx_t nb_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev_core_stats_tx_dropped_inc(dev);
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static int nb_open(struct net_device *dev)
{
	napi_enable(&bench->napi);
	netif_start_queue(dev);
	return 0;
}

static int nb_stop(struct net_device *dev)
{
	netif_stop_queue(dev);
	napi_disable(&bench->napi);
	return 0;
}

static const struct net_device_ops nb_ops = {
	.ndo_open	= nb_open,
	.ndo_stop	= nb_stop,
	.ndo_start_xmit	= nb_xmit,
};

static const struct net_device_ops nb_ops_out = {
	.ndo_start_xmit	= nb_xmit,
};

/* one received frame, as a driver's RX path leaves it */
static void nb_rx_prep(struct napi_bench *nb, struct sk_buff *skb)
{
	skb->protocol = eth_type_trans(skb, nb->dev);
	skb->ip_summed = nb->fwd ? CHECKSUM_NONE : CHECKSUM_UNNECESSARY;
}

static int nb_poll(struct napi_struct *napi, int budget)
{
	struct napi_bench *nb = container_of(napi, struct napi_bench, napi);
	struct sk_buff *skb;
	LIST_HEAD(list);
	int work = 0;

	while (work < budget && (skb = __skb_dequeue(&nb->queue))) {
		nb_rx_prep(nb, skb);
		switch (nb->api) {
		case API_RECEIVE:
			netif_receive_skb(skb);
			break;
		case API_LIST:
			list_add_tail(&skb->list, &list);
			break;
		case API_GRO:
			napi_gro_receive(napi, skb);
			break;
		default:
			consume_skb(skb);
		}
		work++;
	}
	if (nb->api == API_LIST)
		netif_receive_skb_list(&list);

	if (work < budget)
		napi_complete_done(napi, work);
	return work;
}

static int nb_poll_other(struct napi_struct *napi, int budget)
{
	napi_complete_done(napi, 0);
	return 0;
}

/* give the NAPI instances the receive lists rx_list asks for */
static int nb_set_rx_list(struct napi_bench *nb)
{
	if (nb->rx_list > 2)
		return -EINVAL;
#ifdef HAVE_NAPI_RX_LIST
	if (nb->rx_list == nb->rx_list_set)
		return 0;
	napi_disable(&nb->napi);
	netif_napi_set_rx_list(&nb->napi, nb->rx_list == 1);
	napi_enable(&nb->napi);
	netif_napi_set_rx_list(&nb->other, nb->rx_list == 2);
	nb->rx_list_set = nb->rx_list;
	return 0;
#else
	return nb->rx_list ? -EOPNOTSUPP : 0;
#endif
}

/* the next TCP segment: its IP id and sequence number, as a sender's
 * next one, and both checksums updated
 */
static void nb_next_segment(struct napi_bench *nb)
{
	u8 *frame = nb->tcp_buf + TCP_FRAME_OFF;
	struct iphdr *iph = (struct iphdr *)(frame + ETH_HLEN);
	struct tcphdr *th = (struct tcphdr *)(iph + 1);
	__be32 seq = htonl(nb->seq);
	__be16 id = htons(++nb->ip_id);

	csum_replace2(&iph->check, iph->id, id);
	iph->id = id;
	csum_replace4(&th->check, th->seq, seq);
	th->seq = seq;
	nb->seq += TCP_MSS;
}

/* the round's frames, made in process context (not measured apart) */
static int nb_fill(struct napi_bench *nb)
{
	unsigned int len = nb->fwd ? TCP_FRAME_LEN : FRAME_LEN;
	const u8 *frame = nb->fwd ? nb->tcp_buf + TCP_FRAME_OFF : nb->frame;
	struct sk_buff *skb;
	u32 i;

	for (i = 0; i < nb->batch; i++) {
		skb = netdev_alloc_skb_ip_align(nb->dev, len);
		if (!skb)
			return -ENOMEM;
		if (nb->fwd)
			nb_next_segment(nb);
		skb_put_data(skb, frame, len);
		__skb_queue_tail(&nb->queue, skb);
	}
	return 0;
}

static int nb_round(struct napi_bench *nb)
{
	struct sk_buff *skb;
	int err;

	err = nb_fill(nb);
	if (err)
		return err;

	local_bh_disable();
	if (nb->api == API_NETIF_RX) {
		while ((skb = __skb_dequeue(&nb->queue))) {
			nb_rx_prep(nb, skb);
			netif_rx(skb);
		}
	} else {
		napi_schedule(&nb->napi);
	}
	local_bh_enable();	/* the poll, or the backlog, runs here */

	/* a poll that used its whole budget left frames: none may remain */
	if (!skb_queue_empty(&nb->queue))
		return -EBUSY;
	return 0;
}

/* reading from offset 0 runs the bench; the rest of the line comes from
 * that run (a shell's read builtin takes a line in several reads)
 */
static ssize_t nb_run_read(struct file *file, char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	struct napi_bench *nb = file->private_data;
	u64 t0, ns, packets;
	int err = 0;
	u32 i;

	if (*ppos)
		goto out;
	if (nb->api >= API_MAX || !nb->batch || nb->batch > MAX_BATCH ||
	    !nb->rounds || nb->fwd > 1)
		return -EINVAL;
	if (!netif_running(nb->dev))
		return -ENETDOWN;

	mutex_lock(&nb->lock);
	err = nb_set_rx_list(nb);
	if (err) {
		mutex_unlock(&nb->lock);
		return err;
	}
	migrate_disable();
	t0 = local_clock();
	for (i = 0; i < nb->rounds && !err; i++)
		err = nb_round(nb);
	ns = local_clock() - t0;
	migrate_enable();
	__skb_queue_purge(&nb->queue);
	if (!err) {
		packets = (u64)nb->rounds * nb->batch;
		scnprintf(nb->result, sizeof(nb->result),
			  "api=%u batch=%u rounds=%u packets=%llu ns=%llu ns_per_packet=%llu\n",
			  nb->api, nb->batch, nb->rounds, packets, ns,
			  div64_u64(ns, packets));
	}
	mutex_unlock(&nb->lock);
	if (err)
		return err;
out:
	return simple_read_from_buffer(ubuf, count, ppos, nb->result,
				       strlen(nb->result));
}

static const struct file_operations nb_run_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= nb_run_read,
	.llseek	= default_llseek,
};

/* an Ethernet and IPv4 header from 10.99.0.2 to @daddr, to nbench0 */
static struct iphdr *nb_make_ip(struct napi_bench *nb, u8 *frame, u8 proto,
				u32 daddr, u16 ip_len)
{
	struct ethhdr *eth = (struct ethhdr *)frame;
	struct iphdr *iph = (struct iphdr *)(eth + 1);

	ether_addr_copy(eth->h_dest, nb->dev->dev_addr);
	eth_random_addr(eth->h_source);
	eth->h_proto = htons(ETH_P_IP);

	iph->version = 4;
	iph->ihl = 5;
	iph->ttl = 64;
	iph->protocol = proto;
	iph->tot_len = htons(ip_len);
	iph->saddr = htonl(0x0a630002);
	iph->daddr = htonl(daddr);
	return iph;
}

/* 10.99.0.2:9999 -> 10.99.0.1:9, to nbench0's own address */
static void nb_make_frame(struct napi_bench *nb)
{
	u16 ip_len = FRAME_LEN - ETH_HLEN;
	struct udphdr *uh;
	struct iphdr *iph;

	iph = nb_make_ip(nb, nb->frame, IPPROTO_UDP, 0x0a630001, ip_len);
	iph->check = ip_fast_csum(iph, iph->ihl);

	uh = (struct udphdr *)(iph + 1);
	uh->source = htons(9999);
	uh->dest = htons(9);
	uh->len = htons(ip_len - sizeof(*iph));
}

/* 10.99.0.2:40000 -> 10.99.1.2:5001 (forwarded), ACK only: GRO merges it */
static void nb_make_tcp_frame(struct napi_bench *nb)
{
	u16 ip_len = TCP_FRAME_LEN - ETH_HLEN;
	struct tcphdr *th;
	struct iphdr *iph;
	unsigned int i;
	u8 *data;

	iph = nb_make_ip(nb, nb->tcp_buf + TCP_FRAME_OFF, IPPROTO_TCP, 0x0a630102,
			 ip_len);
	iph->frag_off = htons(IP_DF);
	iph->check = ip_fast_csum(iph, iph->ihl);

	th = (struct tcphdr *)(iph + 1);
	th->source = htons(40000);
	th->dest = htons(5001);
	th->doff = sizeof(*th) / 4;
	th->ack = 1;
	th->ack_seq = htonl(1);
	th->window = htons(65535);
	data = (u8 *)(th + 1);
	for (i = 0; i < TCP_MSS; i++)
		data[i] = i;
	nb->seq = 1;
	th->seq = htonl(nb->seq);
	th->check = csum_tcpudp_magic(iph->saddr, iph->daddr,
				      ip_len - sizeof(*iph), IPPROTO_TCP,
				      csum_partial(th, ip_len - sizeof(*iph), 0));
}

static void nb_out_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &nb_ops_out;
	dev->priv_flags |= IFF_NO_QUEUE;
	dev->hw_features = NETIF_F_SG | NETIF_F_HW_CSUM | NETIF_F_TSO;
	dev->features |= dev->hw_features;
}

static int __init napi_bench_init(void)
{
	struct napi_bench *nb;
	int err;

	nb = kzalloc_obj(*nb);
	if (!nb)
		return -ENOMEM;
	nb->dev = alloc_netdev(0, "nbench%d", NET_NAME_ENUM, ether_setup);
	if (!nb->dev) {
		err = -ENOMEM;
		goto err_free;
	}
	nb->dev->netdev_ops = &nb_ops;
	eth_hw_addr_random(nb->dev);
	__skb_queue_head_init(&nb->queue);
	mutex_init(&nb->lock);
	nb->api = API_RECEIVE;
	nb->batch = 8;
	nb->rounds = 1000;
	bench = nb;
	netif_napi_add(nb->dev, &nb->napi, nb_poll);
	netif_napi_add(nb->dev, &nb->other, nb_poll_other);

	err = register_netdev(nb->dev);
	if (err)
		goto err_napi;
	nb_make_frame(nb);
	nb_make_tcp_frame(nb);

	nb->out = alloc_netdev(0, "nbench%d", NET_NAME_ENUM, nb_out_setup);
	if (!nb->out) {
		err = -ENOMEM;
		goto err_unregister;
	}
	eth_hw_addr_random(nb->out);
	err = register_netdev(nb->out);
	if (err) {
		free_netdev(nb->out);
		goto err_unregister;
	}

	nb->dir = debugfs_create_dir("napi_bench", NULL);
	debugfs_create_u32("api", 0600, nb->dir, &nb->api);
	debugfs_create_u32("batch", 0600, nb->dir, &nb->batch);
	debugfs_create_u32("rounds", 0600, nb->dir, &nb->rounds);
	debugfs_create_u32("rx_list", 0600, nb->dir, &nb->rx_list);
	debugfs_create_u32("fwd", 0600, nb->dir, &nb->fwd);
	debugfs_create_file("run", 0400, nb->dir, nb, &nb_run_fops);
	return 0;

err_unregister:
	unregister_netdev(nb->dev);
err_napi:
	netif_napi_del(&nb->other);
	netif_napi_del(&nb->napi);
	free_netdev(nb->dev);
err_free:
	kfree(nb);
	bench = NULL;
	return err;
}

static void __exit napi_bench_exit(void)
{
	struct napi_bench *nb = bench;

	debugfs_remove_recursive(nb->dir);
	unregister_netdev(nb->out);
	free_netdev(nb->out);
	unregister_netdev(nb->dev);
	netif_napi_del(&nb->other);
	netif_napi_del(&nb->napi);
	free_netdev(nb->dev);
	kfree(nb);
}

module_init(napi_bench_init);
module_exit(napi_bench_exit);
MODULE_DESCRIPTION("A NAPI receive workload with no race, for benchmarks");
MODULE_LICENSE("GPL");
