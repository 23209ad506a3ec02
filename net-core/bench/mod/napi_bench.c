// SPDX-License-Identifier: GPL-2.0
/*
 * napi_bench: a NAPI receive workload with no race, for measuring the
 * stack's receive paths. Not part of the series: a harness module, built
 * against the kernel under test (make napi-bench, or by hand on a board).
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
 * given; its tx checksum and TSO features are ethtool's to turn off. With
 * host 1, they are the next BATCH segments of a TCP connection to
 * 10.99.0.1:5001 (an end host, also without RX checksum offload): the
 * first run connects (a listener of the module's, and a handshake from
 * 10.99.0.2:40001 through the backlog; its receive buffer is fixed, and
 * single segments grow the window first), and each round, after the
 * poll, reads what it received (MSG_DONTWAIT, in the round, on the same
 * CPU); a round that cannot read all of it fails the run. The receiver's
 * ACKs leave through nbench0, which drops them too. A run that fails
 * closes the connection: the next one connects again. The APIs under test:
 *
 *   0 none       consume_skb() in the poll: the workload's own cost
 *   1 receive    netif_receive_skb(), one call per frame
 *   2 list       a list of the poll's own, netif_receive_skb_list()
 *   3 gro        napi_gro_receive() (GRO on or off: ethtool -K nbench0 gro)
 *   4 netif_rx   netif_rx() from the round itself (the backlog NAPI),
 *                BH disabled around the BATCH calls
 *
 * Every run of the same parameters does the same work (host 1: once
 * connected; the TCP receiver's timers, the delayed ACK's above all, follow
 * the guest's clock, so its rows move a little with the host's load): the
 * harness counts its instructions (make napi-bench, under QEMU), and the
 * run itself reports its time (local_clock()) for a board. The end host's
 * connection has no timestamps and no SACK (its SYN asks for neither).
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
 * /sys/kernel/debug/napi_bench/: api, batch (1..64), rounds, rx_list, fwd,
 * host: the parameters; reading "run" runs them and returns one line:
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
#include <net/tcp.h>

enum { API_NONE, API_RECEIVE, API_LIST, API_GRO, API_NETIF_RX, API_MAX };

#define FRAME_LEN	64
#define TCP_MSS		1448
#define TCP_FRAME_LEN	(ETH_HLEN + sizeof(struct iphdr) + sizeof(struct tcphdr) + TCP_MSS)
#define TCP_FRAME_OFF	2	/* so that the IP header is 4-aligned */
#define MAX_BATCH	64
/* the end host's connection: 10.99.0.2:40001 -> 10.99.0.1:5001 */
#define HOST_ADDR	0x0a630001
#define HOST_PORT	5001
#define PEER_PORT	40001
#define PEER_ISN	1000
#define HOST_RCVBUF	(2 << 20)

/* what debugfs sets; a run takes a copy */
struct nb_params {
	u32 api;
	u32 batch;
	u32 rounds;
	u32 rx_list;
	u32 fwd;
	u32 host;
};

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
	/* host 1: the connection's segment, as tcp_buf */
	u8 host_buf[TCP_FRAME_OFF + TCP_FRAME_LEN] __aligned(4);
	u32 host_seq;
	struct socket *listener;
	struct socket *conn;
	void *rxbuf;			/* what a round reads */
	bool connecting;		/* nb_xmit() looks for the SYN-ACK */
	bool synack;
	u32 synack_seq;
	char result[160];		/* the last run's line */
	struct nb_params set;		/* debugfs */
	/* the running run's copy of set, taken under lock */
	u32 api;
	u32 batch;
	u32 rounds;
	u32 rx_list;
	u32 rx_list_set;		/* what the NAPIs have */
	u32 fwd;
	u32 host;
};

static struct napi_bench *bench;

/* the listener's SYN-ACK to the handshake of nb_host_connect() */
static void nb_peek_synack(struct napi_bench *nb, struct sk_buff *skb)
{
	int off = skb_network_offset(skb);
	const struct tcphdr *th;
	const struct iphdr *iph;
	struct tcphdr _th;
	struct iphdr _iph;

	if (skb->protocol != htons(ETH_P_IP))
		return;
	iph = skb_header_pointer(skb, off, sizeof(_iph), &_iph);
	if (!iph || iph->protocol != IPPROTO_TCP)
		return;
	th = skb_header_pointer(skb, off + iph->ihl * 4, sizeof(_th), &_th);
	if (th && th->syn && th->ack && th->dest == htons(PEER_PORT)) {
		nb->synack_seq = ntohl(th->seq);
		nb->synack = true;
	}
}

static netdev_tx_t nb_xmit(struct sk_buff *skb, struct net_device *dev)
{
	if (unlikely(READ_ONCE(bench->connecting)) && dev == bench->dev)
		nb_peek_synack(bench, skb);
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
	skb->ip_summed = nb->fwd || nb->host ? CHECKSUM_NONE : CHECKSUM_UNNECESSARY;
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

/* the next TCP segment of the template at @frame: its IP id and sequence
 * number (*@seq, which moves on), as a sender's next one, and both
 * checksums updated
 */
static void nb_next_segment(struct napi_bench *nb, u8 *frame, u32 *seq)
{
	struct iphdr *iph = (struct iphdr *)(frame + ETH_HLEN);
	struct tcphdr *th = (struct tcphdr *)(iph + 1);
	__be16 id = htons(++nb->ip_id);
	__be32 next = htonl(*seq);

	csum_replace2(&iph->check, iph->id, id);
	iph->id = id;
	csum_replace4(&th->check, th->seq, next);
	th->seq = next;
	*seq += TCP_MSS;
}

/* @n frames of the run's kind, made in process context */
static int nb_fill_n(struct napi_bench *nb, u32 n)
{
	unsigned int len = nb->fwd || nb->host ? TCP_FRAME_LEN : FRAME_LEN;
	u8 *frame = nb->frame;
	struct sk_buff *skb;
	u32 *seq = NULL;
	u32 i;

	if (nb->fwd) {
		frame = nb->tcp_buf + TCP_FRAME_OFF;
		seq = &nb->seq;
	} else if (nb->host) {
		frame = nb->host_buf + TCP_FRAME_OFF;
		seq = &nb->host_seq;
	}
	for (i = 0; i < n; i++) {
		skb = netdev_alloc_skb_ip_align(nb->dev, len);
		if (!skb)
			return -ENOMEM;
		if (seq)
			nb_next_segment(nb, frame, seq);
		skb_put_data(skb, frame, len);
		__skb_queue_tail(&nb->queue, skb);
	}
	return 0;
}

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

/* a full-sized TCP segment template, ACK only (GRO merges the flow), from
 * 10.99.0.2:@sport to @daddr:@dport, at @frame; nb_next_segment() sets its
 * IP id and sequence number
 */
static void nb_make_tcp_frame(struct napi_bench *nb, u8 *frame, u32 daddr,
			      u16 sport, u16 dport, u32 ack_seq)
{
	u16 ip_len = TCP_FRAME_LEN - ETH_HLEN;
	struct tcphdr *th;
	struct iphdr *iph;
	unsigned int i;
	u8 *data;

	memset(frame, 0, TCP_FRAME_LEN);	/* a template made again */
	iph = nb_make_ip(nb, frame, IPPROTO_TCP, daddr, ip_len);
	iph->frag_off = htons(IP_DF);
	iph->check = ip_fast_csum(iph, iph->ihl);

	th = (struct tcphdr *)(iph + 1);
	th->source = htons(sport);
	th->dest = htons(dport);
	th->doff = sizeof(*th) / 4;
	th->ack = 1;
	th->ack_seq = htonl(ack_seq);
	th->window = htons(65535);
	data = (u8 *)(th + 1);
	for (i = 0; i < TCP_MSS; i++)
		data[i] = i;
	th->check = csum_tcpudp_magic(iph->saddr, iph->daddr,
				      ip_len - sizeof(*iph), IPPROTO_TCP,
				      csum_partial(th, ip_len - sizeof(*iph), 0));
}

/* the round's frames (not measured apart) */
static int nb_fill(struct napi_bench *nb)
{
	return nb_fill_n(nb, nb->batch);
}

/* host 1: read the @len bytes the round gave the connection, at once */
static int nb_host_read(struct napi_bench *nb, size_t len)
{
	struct kvec vec = { .iov_base = nb->rxbuf };
	struct msghdr msg = {};
	int n, tries = 0;

	while (len) {
		vec.iov_len = min_t(size_t, len, MAX_BATCH * TCP_MSS);
		n = kernel_recvmsg(nb->conn, &msg, &vec, 1, vec.iov_len,
				   MSG_DONTWAIT);
		/* a poll left to ksoftirqd (a board's HZ 1000 GRO flush) */
		if (n == -EAGAIN && napi_is_scheduled(&nb->napi) &&
		    tries++ < 1000) {
			cond_resched();
			continue;
		}
		if (n <= 0) {
			pr_warn_ratelimited("napi_bench: %zu bytes not received\n",
					    len);
			return -EIO;
		}
		len -= n;
	}
	return 0;
}

static int nb_round(struct napi_bench *nb)
{
	u32 host_seq = nb->host_seq;
	struct sk_buff *skb;
	int err;

	err = nb_fill(nb);
	if (err)
		return err;
	/* api none passes nothing up: the connection did not see them */
	if (nb->api == API_NONE)
		nb->host_seq = host_seq;

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
	if (nb->host && nb->api != API_NONE)
		return nb_host_read(nb, nb->batch * TCP_MSS);
	return 0;
}

/* a handshake's SYN (MSS and window scale options) or ACK to the
 * listener, through the backlog
 */
static int nb_host_ctl(struct napi_bench *nb, bool syn)
{
	unsigned int opt = syn ? 8 : 0;
	unsigned int len = ETH_HLEN + sizeof(struct iphdr) +
			   sizeof(struct tcphdr) + opt;
	struct sk_buff *skb;
	struct tcphdr *th;
	struct iphdr *iph;
	u8 *o;

	skb = netdev_alloc_skb_ip_align(nb->dev, len);
	if (!skb)
		return -ENOMEM;
	iph = nb_make_ip(nb, skb_put_zero(skb, len), IPPROTO_TCP, HOST_ADDR,
			 len - ETH_HLEN);
	iph->check = ip_fast_csum(iph, iph->ihl);
	th = (struct tcphdr *)(iph + 1);
	th->source = htons(PEER_PORT);
	th->dest = htons(HOST_PORT);
	th->doff = (sizeof(*th) + opt) / 4;
	th->window = htons(65535);
	if (syn) {
		th->syn = 1;
		th->seq = htonl(PEER_ISN);
		o = (u8 *)(th + 1);
		o[0] = TCPOPT_MSS;
		o[1] = TCPOLEN_MSS;
		put_unaligned_be16(ETH_DATA_LEN - 40, o + 2);
		o[4] = TCPOPT_NOP;
		o[5] = TCPOPT_WINDOW;
		o[6] = TCPOLEN_WINDOW;
		o[7] = 7;
	} else {
		th->ack = 1;
		th->seq = htonl(PEER_ISN + 1);
		th->ack_seq = htonl(nb->synack_seq + 1);
	}
	th->check = csum_tcpudp_magic(iph->saddr, iph->daddr,
				      sizeof(*th) + opt, IPPROTO_TCP,
				      csum_partial(th, sizeof(*th) + opt, 0));
	skb->protocol = eth_type_trans(skb, nb->dev);
	local_bh_disable();
	netif_rx(skb);
	local_bh_enable();	/* the backlog runs here */
	return 0;
}

/* host 1's connection: a listener on 10.99.0.1:5001 with a fixed receive
 * buffer (no autotuning during the runs), a handshake from 10.99.0.2:40001
 * (the harness gives 10.99.0.2 a permanent neighbour entry, so that the
 * SYN-ACK leaves at once), then single segments, each read at once,
 * until the receive window takes two of the largest rounds
 */
static int nb_host_connect(struct napi_bench *nb)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(HOST_PORT),
		.sin_addr.s_addr = htonl(HOST_ADDR),
	};
	struct socket *listener;
	struct tcp_sock *tp;
	int err, i;

	if (!net_eq(dev_net(nb->dev), &init_net))
		return -EOPNOTSUPP;	/* a kernel socket holds no netns */
	nb->rxbuf = kvmalloc(MAX_BATCH * TCP_MSS, GFP_KERNEL);
	if (!nb->rxbuf)
		return -ENOMEM;
	err = sock_create_kern(&init_net, AF_INET, SOCK_STREAM,
			       IPPROTO_TCP, &listener);
	if (err)
		return err;
	nb->listener = listener;
	sock_set_rcvbuf(listener->sk, HOST_RCVBUF);
	err = kernel_bind(listener, (struct sockaddr_unsized *)&sin, sizeof(sin));
	if (!err)
		err = kernel_listen(listener, 1);
	if (err)
		return err;

	nb->synack = false;
	WRITE_ONCE(nb->connecting, true);
	err = nb_host_ctl(nb, true);
	WRITE_ONCE(nb->connecting, false);
	if (err)
		return err;
	if (!nb->synack)
		return -EHOSTUNREACH;
	err = nb_host_ctl(nb, false);
	if (!err)
		err = kernel_accept(listener, &nb->conn, O_NONBLOCK);
	if (err)
		return err;
	sock_no_linger(nb->conn->sk);	/* a reset at the end, no FIN_WAIT */

	nb->host_seq = PEER_ISN + 1;
	nb_make_tcp_frame(nb, nb->host_buf + TCP_FRAME_OFF, HOST_ADDR, PEER_PORT,
			  HOST_PORT, nb->synack_seq + 1);
	tp = tcp_sk(nb->conn->sk);
	for (i = 0; i < 8192; i++) {
		/* the window takes two of the largest rounds, and has
		 * stopped growing (which adds ACKs to a segment's work)
		 */
		if (tcp_receive_window(tp) >= 2 * MAX_BATCH * TCP_MSS &&
		    READ_ONCE(tp->rcv_ssthresh) >= READ_ONCE(tp->window_clamp))
			return 0;
		err = nb_fill_n(nb, 1);
		if (err)
			return err;
		nb_rx_prep(nb, skb_peek(&nb->queue));
		local_bh_disable();
		netif_rx(__skb_dequeue(&nb->queue));
		local_bh_enable();
		err = nb_host_read(nb, TCP_MSS);
		if (err)
			return err;
	}
	return -ENOBUFS;
}

static void nb_host_close(struct napi_bench *nb)
{
	if (nb->conn)
		sock_release(nb->conn);
	if (nb->listener)
		sock_release(nb->listener);
	nb->conn = NULL;
	nb->listener = NULL;
	kvfree(nb->rxbuf);
	nb->rxbuf = NULL;
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
	if (!netif_running(nb->dev))
		return -ENETDOWN;

	mutex_lock(&nb->lock);
	nb->api = nb->set.api;
	nb->batch = nb->set.batch;
	nb->rounds = nb->set.rounds;
	nb->rx_list = nb->set.rx_list;
	nb->fwd = nb->set.fwd;
	nb->host = nb->set.host;
	if (nb->api >= API_MAX || !nb->batch || nb->batch > MAX_BATCH ||
	    !nb->rounds || nb->fwd > 1 || nb->host > 1 || (nb->fwd && nb->host)) {
		mutex_unlock(&nb->lock);
		return -EINVAL;
	}
	err = nb_set_rx_list(nb);
	if (!err && nb->host && !nb->conn) {
		err = nb_host_connect(nb);
		if (err)
			nb_host_close(nb);
	}
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
	/* the connection lost step with what was sent: the next run connects */
	if (err && nb->host)
		nb_host_close(nb);
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
	nb->set.api = API_RECEIVE;
	nb->set.batch = 8;
	nb->set.rounds = 1000;
	bench = nb;
	netif_napi_add(nb->dev, &nb->napi, nb_poll);
	netif_napi_add(nb->dev, &nb->other, nb_poll_other);

	err = register_netdev(nb->dev);
	if (err)
		goto err_napi;
	nb_make_frame(nb);
	/* 10.99.0.2:40000 -> 10.99.1.2:5001, forwarded */
	nb_make_tcp_frame(nb, nb->tcp_buf + TCP_FRAME_OFF, 0x0a630102, 40000, 5001, 1);
	nb->seq = 1;

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
	debugfs_create_u32("api", 0600, nb->dir, &nb->set.api);
	debugfs_create_u32("batch", 0600, nb->dir, &nb->set.batch);
	debugfs_create_u32("rounds", 0600, nb->dir, &nb->set.rounds);
	debugfs_create_u32("rx_list", 0600, nb->dir, &nb->set.rx_list);
	debugfs_create_u32("fwd", 0600, nb->dir, &nb->set.fwd);
	debugfs_create_u32("host", 0600, nb->dir, &nb->set.host);
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
	nb_host_close(nb);
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
