/*
 * dt_lib.c: the D library shipped with libdtrace, compiled into a handle
 * the first time a program names something it declares.
 *
 * procfs.d declares the stable process and thread views of DTrace
 * (psinfo_t, lwpsinfo_t), the translators from the kernel's task_struct to
 * them, the inlines curpsinfo and curlwpsinfo, and in6_addr_t; io.d the
 * file view (fileinfo_t, for fds[] and the io provider) and the io
 * provider's buffer and device views (bufinfo_t, devinfo_t, from struct
 * request, and the B_* flags); ip.d and tcp.d the network views of the
 * ip and tcp providers (pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t,
 * ipv4info_t, ipv6info_t; tcpsinfo_t, tcplsinfo_t, tcpinfo_t and the
 * TCP_STATE_* values, from struct sock, sk_buff and the IP headers);
 * net.d the constants of the network subroutines and sched.d the CPU view
 * (cpuinfo_t, curcpu), which need no kernel types.  procfs.d, io.d, ip.d and tcp.d need the kernel's types, so
 * loading the
 * library at open would make every session read BTF; each file is
 * compiled instead when the parser or the semantic pass meets one of its
 * names (dt_lib_lookup), once per handle.  Its declarations then belong
 * to the handle like the user's own.
 *
 * The signal numbers (SIGHUP ... SIGSYS, as raise() takes them), the
 * error numbers (EPERM ... EHWPOISON) and the fault codes of the ERROR
 * probe (DTRACEFLT_*) are libraries of their own, of inline constants
 * only, so that naming one reads no kernel types; their text is made
 * from <signal.h>, <errno.h> and dtrace.h, so that the numbers are this
 * system's.
 *
 * A user's own library: the .d files of each directory option libdir
 * (-L) names, compiled into the handle before its first program
 * (dt_lib_dirs()), in name order, except that a file that says
 * "#pragma D depends_on library NAME" has the file NAME (of any of those
 * directories) compiled first.  They hold declarations (types, inlines,
 * translators, providers); a probe clause in one is refused.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dt_ast.h"
#include "dt_dlang.h"

/* The library's text, as a file of the D library would hold it. */
static const char dt_lib_procfs[] =
"/* the process and thread views of DTrace, from the kernel's tasks */\n"
"/*\n"
" * The members are DTrace's for Linux, in its order.  Those Linux has no\n"
" * value for (Solaris's accounting, padding) are declared but have no\n"
" * translation: reading one is D_XLATE_NOCONV, as in DTrace.\n"
" */\n"
"typedef struct timestruc {\n"
"	long tv_sec;		/* seconds */\n"
"	long tv_nsec;		/* and nanoseconds */\n"
"} timestruc_t;\n"
"\n"
"typedef struct lwpsinfo {\n"
"	int pr_flag;		/* PR_STOPPED when stopped, else 0 */\n"
"	int pr_lwpid;		/* thread id */\n"
"	uintptr_t pr_addr;	/* address of the task_struct */\n"
"	uintptr_t pr_wchan;	/* wait address: 0 on Linux */\n"
"	char pr_stype;		/* synchronization type: 0 on Linux */\n"
"	char pr_state;		/* SSLEEP SRUN SZOMB SSTOP SIDL SONPROC */\n"
"	char pr_sname;		/* S R Z T I O */\n"
"	int pr_nice;		/* nice value */\n"
"	short pr_syscall;	/* system call number: 0 on Linux */\n"
"	char pr_oldpri;		/* Solaris: not translated */\n"
"	char pr_cpu;		/* Solaris: not translated */\n"
"	int pr_pri;		/* priority (the kernel's prio) */\n"
"	ushort_t pr_pctcpu;	/* Solaris: not translated */\n"
"	ushort_t pr_pad;\n"
"	timestruc_t pr_start;	/* Solaris: not translated */\n"
"	timestruc_t pr_time;	/* Solaris: not translated */\n"
"	char pr_clname[16];	/* scheduling class: the policy's name */\n"
"	char pr_name[16];	/* the thread's name (comm) */\n"
"	int pr_onpro;		/* CPU it last ran on */\n"
"	int pr_bindpro;		/* processor bound to: -1, none */\n"
"	int pr_bindpset;	/* processor set bound to: -1, none */\n"
"	int pr_lgrp;		/* Solaris: not translated */\n"
"	int pr_filler[4];\n"
"} lwpsinfo_t;\n"
"\n"
"typedef struct psinfo {\n"
"	int pr_flag;		/* process flags: 0 on Linux */\n"
"	int pr_nlwp;		/* threads in the process */\n"
"	int pr_pid;		/* process id */\n"
"	int pr_ppid;		/* parent's process id */\n"
"	int pr_pgid;		/* process group id */\n"
"	int pr_sid;		/* session id */\n"
"	unsigned int pr_uid;	/* real user id */\n"
"	unsigned int pr_euid;	/* effective user id */\n"
"	unsigned int pr_gid;	/* real group id */\n"
"	unsigned int pr_egid;	/* effective group id */\n"
"	uintptr_t pr_addr;	/* address of the task_struct */\n"
"	size_t pr_size;		/* size of the address space, in KB */\n"
"	size_t pr_rssize;	/* Solaris: not translated */\n"
"	size_t pr_pad1;\n"
"	unsigned long pr_ttydev;	/* controlling tty (0: none) */\n"
"	ushort_t pr_pctcpu;	/* Solaris: not translated */\n"
"	ushort_t pr_pctmem;	/* Solaris: not translated */\n"
"	timestruc_t pr_start;	/* Solaris: not translated */\n"
"	timestruc_t pr_time;	/* Solaris: not translated */\n"
"	timestruc_t pr_ctime;	/* Solaris: not translated */\n"
"	char pr_fname[16];	/* name of the executable (comm) */\n"
"	char pr_psargs[80];	/* the arguments, as one line */\n"
"	int pr_wstat;		/* a zombie's wait() status */\n"
"	int pr_argc;		/* the number of arguments */\n"
"	uintptr_t pr_argv;	/* user address of the arguments */\n"
"	uintptr_t pr_envp;	/* user address of the environment */\n"
"	char pr_dmodel;		/* data model: PR_MODEL_LP64 */\n"
"	char pr_pad2[3];\n"
"	int pr_taskid;		/* task id: 0 on Linux */\n"
"	int pr_projid;		/* project id: 0 on Linux */\n"
"	int pr_nzomb;		/* zombie threads: 0 on Linux */\n"
"	int pr_poolid;		/* pool id: 0 on Linux */\n"
"	int pr_zoneid;		/* zone id: 0, the global zone */\n"
"	int pr_contract;	/* process contract: 0 on Linux */\n"
"	int pr_filler[1];\n"
"	lwpsinfo_t pr_lwp;	/* Solaris: not translated */\n"
"} psinfo_t;\n"
"\n"
"inline char PR_MODEL_ILP32 = 1;\n"
"inline char PR_MODEL_LP64 = 2;\n"
"\n"
"inline int PR_STOPPED = 0x00000001;\n"
"inline int PR_ISTOP = 0x00000002;\n"
"inline int PR_DSTOP = 0x00000004;\n"
"inline int PR_IDLE = 0x10000000;\n"
"\n"
"inline char SSLEEP = 1;\n"
"inline char SRUN = 2;\n"
"inline char SZOMB = 3;\n"
"inline char SSTOP = 4;\n"
"inline char SIDL = 5;\n"
"inline char SONPROC = 6;\n"
"\n"
"translator psinfo_t < struct task_struct *T > {\n"
"	pr_nlwp = T->signal->nr_threads;\n"
"	pr_pid = T->tgid;\n"
"	pr_ppid = T->real_parent->tgid;\n"
"	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;\n"
"	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;\n"
"	pr_uid = T->cred->uid.val;\n"
"	pr_euid = T->cred->euid.val;\n"
"	pr_gid = T->cred->gid.val;\n"
"	pr_egid = T->cred->egid.val;\n"
"	pr_addr = (uintptr_t)T;\n"
"	pr_ttydev = T->signal->tty == NULL ? 0 :\n"
"	    (unsigned long)T->signal->tty->driver->major << 20 |\n"
"	    (T->signal->tty->driver->minor_start + T->signal->tty->index);\n"
"	pr_fname = T->comm;\n"
"	pr_psargs = T->mm == NULL ? stringof(T->comm) :\n"
"	    T->mm != curthread->mm ? \"<unknown>\" :\n"
"	    __psargs(T->mm->arg_start, T->mm->arg_end);\n"
"	pr_argc = T->mm == NULL || T->mm != curthread->mm ? 0 :\n"
"	    __argc(T->mm->start_stack);\n"
"	pr_argv = T->mm == NULL ? 0 : T->mm->arg_start;\n"
"	pr_envp = T->mm == NULL ? 0 : T->mm->env_start;\n"
"	pr_zoneid = 0;\n"
"	pr_flag = 0;\n"
"	pr_size = T->mm == NULL ? 0 : T->mm->total_vm * 4;\n"
"	pr_wstat = T->exit_state != 0 ? T->exit_code : 0;\n"
"	pr_dmodel = PR_MODEL_LP64;\n"
"	pr_taskid = 0;\n"
"	pr_projid = 0;\n"
"	pr_poolid = 0;\n"
"	pr_contract = 0;\n"
"	pr_nzomb = 0;\n"
"};\n"
"\n"
"translator lwpsinfo_t < struct task_struct *T > {\n"
"	pr_lwpid = T->pid;\n"
"	pr_addr = (uintptr_t)T;\n"
"	pr_state = T->exit_state != 0 ? SZOMB :\n"
"	    (T->__state & 0xc) != 0 ? SSTOP : (T->__state & 0x800) != 0 ?\n"
"	    SIDL : T->__state != 0 ? SSLEEP : T->on_cpu ? SONPROC : SRUN;\n"
"	pr_sname = T->exit_state != 0 ? 'Z' :\n"
"	    (T->__state & 0xc) != 0 ? 'T' : (T->__state & 0x800) != 0 ?\n"
"	    'I' : T->__state != 0 ? 'S' : T->on_cpu ? 'O' : 'R';\n"
"	pr_pri = T->prio;\n"
"	pr_nice = T->static_prio - 120;\n"
"	pr_onpro = T->thread_info.cpu;\n"
"	pr_flag = (T->__state & 0xc) != 0 ? PR_STOPPED : 0;\n"
"	pr_wchan = 0;\n"
"	pr_stype = 0;\n"
"	pr_syscall = 0;\n"
"	pr_clname = T->policy == 1 ? \"SCHED_FIFO\" :\n"
"	    T->policy == 2 ? \"SCHED_RR\" : T->policy == 3 ? \"SCHED_BATCH\" :\n"
"	    T->policy == 5 ? \"SCHED_IDLE\" :\n"
"	    T->policy == 6 ? \"SCHED_DEADLINE\" : \"SCHED_OTHER\";\n"
"	pr_name = T->comm;\n"
"	pr_bindpro = -1;\n"
"	pr_bindpset = -1;\n"
"};\n"
"\n"
"/* the network address types of inet_ntoa6() and inet_ntop() */\n"
"typedef struct in6_addr in6_addr_t;\n"
"\n"
"inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);\n"
"inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);\n";

/*
 * The CPU view of DTrace: cpuinfo_t, as the sched provider's guide
 * defines it, and curcpu, this CPU's, which the session fills from sysfs
 * and /proc/cpuinfo (dt_bpf.c, cpuinfo_map()).
 */
static const char dt_lib_sched[] =
"typedef int processorid_t;\n"
"typedef int psetid_t;\n"
"typedef int chipid_t;\n"
"typedef int lgrp_id_t;\n"
"\n"
"typedef struct processor_info {\n"
"	int pi_state;			/* P_ONLINE or P_OFFLINE */\n"
"	char pi_processor_type[16];	/* the machine: x86_64 */\n"
"	char pi_fputypes[32];		/* the FPU */\n"
"	int pi_clock;			/* clock rate, in MHz */\n"
"} processor_info_t;\n"
"\n"
"typedef struct cpuinfo {\n"
"	processorid_t cpu_id;		/* the CPU's number */\n"
"	psetid_t cpu_pset;		/* processor set: -1, none */\n"
"	chipid_t cpu_chip;		/* the physical package */\n"
"	lgrp_id_t cpu_lgrp;		/* the NUMA node */\n"
"	processor_info_t cpu_info;\n"
"} cpuinfo_t;\n"
"\n"
"inline int P_OFFLINE = 1;\n"
"inline int P_ONLINE = 2;\n"
"inline cpuinfo_t *curcpu = (cpuinfo_t *)__curcpu;\n"
"inline chipid_t chip = curcpu->cpu_chip;\n"
"inline lgrp_id_t lgrp = curcpu->cpu_lgrp;\n"
"inline psetid_t pset = curcpu->cpu_pset;\n";

/* The network constants of inet_ntop() and link_ntop(), Linux's values. */
static const char dt_lib_net[] =
"inline int AF_INET = 2;\n"
"inline int AF_INET6 = 10;\n"
"inline int ARPHRD_ETHER = 1;\n"
"inline int ARPHRD_INFINIBAND = 32;\n";

/*
 * The file view of DTrace (fds[], the io provider's args[2]): the path
 * comes from d_path(), a walk of the dentries in BPF (of a vfsmount: its
 * mount point); a NULL file (a closed descriptor) gives "<none>" and the
 * offset -1.
 */
static const char dt_lib_io[] =
"typedef struct fileinfo {\n"
"	string fi_name;		/* name of the file (no directory) */\n"
"	string fi_dirname;	/* directory of the file */\n"
"	string fi_pathname;	/* full path name */\n"
"	loff_t fi_offset;	/* offset in the file */\n"
"	string fi_fs;		/* type of its file system */\n"
"	string fi_mount;	/* mount point of its file system */\n"
"	int fi_oflags;		/* open flags (O_*) */\n"
"} fileinfo_t;\n"
"\n"
"translator fileinfo_t < struct file *F > {\n"
"	fi_name = F == NULL ? \"<none>\" : basename(d_path(&F->f_path));\n"
"	fi_dirname = F == NULL ? \"<none>\" : dirname(d_path(&F->f_path));\n"
"	fi_pathname = F == NULL ? \"<none>\" : d_path(&F->f_path);\n"
"	fi_offset = F == NULL ? -1 : F->f_pos;\n"
"	fi_fs = F == NULL ? \"<none>\" :\n"
"	    stringof(F->f_path.mnt->mnt_sb->s_type->name);\n"
"	fi_mount = F == NULL ? \"<none>\" : d_path(F->f_path.mnt);\n"
"	fi_oflags = F == NULL ? 0 : F->f_flags;\n"
"};\n"
"\n"
"/* the io provider's buffer and device views, from struct request */\n"
"inline int B_BUSY = 0x0001;\n"
"inline int B_DONE = 0x0002;\n"
"inline int B_ERROR = 0x0004;\n"
"inline int B_PAGEIO = 0x0010;\n"
"inline int B_PHYS = 0x0020;\n"
"inline int B_READ = 0x0040;\n"
"inline int B_WRITE = 0x0100;\n"
"inline int B_ASYNC = 0x0400;\n"
"\n"
"typedef struct bufinfo {\n"
"	int b_flags;		/* B_READ or B_WRITE, B_ERROR, B_DONE */\n"
"	size_t b_bcount;	/* bytes of the request */\n"
"	uintptr_t b_addr;	/* buffer address: 0, not known */\n"
"	uint64_t b_lblkno;	/* first sector (512 bytes) */\n"
"	uint64_t b_blkno;	/* first sector (512 bytes) */\n"
"	size_t b_resid;		/* bytes left undone (io:::done) */\n"
"	size_t b_bufsize;	/* bytes of the request */\n"
"	uintptr_t b_iodone;	/* completion routine: 0, not known */\n"
"	int b_error;		/* errno of the completion (io:::done) */\n"
"	dev_t b_edev;		/* device: the kernel's MKDEV(major, minor) */\n"
"} bufinfo_t;\n"
"\n"
"typedef struct devinfo {\n"
"	int dev_major;		/* major number */\n"
"	int dev_minor;		/* minor number (of the partition) */\n"
"	int dev_instance;	/* instance: the disk's first minor */\n"
"	string dev_name;	/* the disk's name: vda */\n"
"	string dev_statname;	/* the disk's or partition's name: vda1 */\n"
"	string dev_pathname;	/* its device file: /dev/vda1 */\n"
"} devinfo_t;\n"
"\n"
"/*\n"
" * b_resid and b_error read arg4 and arg3, which the io provider's done\n"
" * probe sets (the completion's undone bytes and block status) and its\n"
" * start probe zeroes: the request does not hold them.\n"
" */\n"
"translator bufinfo_t < struct request *R > {\n"
"	b_flags = ((R->cmd_flags & 1) != 0 ? B_WRITE : B_READ) |\n"
"	    (arg3 != 0 ? B_ERROR : 0);\n"
"	b_bcount = R->__data_len;\n"
"	b_addr = 0;\n"
"	b_lblkno = R->__sector;\n"
"	b_blkno = R->__sector;\n"
"	b_resid = arg4;\n"
"	b_bufsize = R->__data_len;\n"
"	b_iodone = 0;\n"
"	b_error = arg3 == 0 ? 0 : arg3 == 1 ? 95 : arg3 == 2 ? 110 :\n"
"	    arg3 == 3 ? 28 : arg3 == 9 ? 12 : arg3 == 12 ? 11 : 5;\n"
"	b_edev = R->part == NULL ? 0 : R->part->bd_dev;\n"
"};\n"
"\n"
"translator devinfo_t < struct request *R > {\n"
"	dev_major = R->q->disk->major;\n"
"	dev_minor = R->part == NULL ? R->q->disk->first_minor :\n"
"	    R->part->bd_dev & 0xfffff;\n"
"	dev_instance = R->q->disk->first_minor;\n"
"	dev_name = stringof(R->q->disk->disk_name);\n"
"	dev_statname = R->part == NULL ? stringof(R->q->disk->disk_name) :\n"
"	    stringof(R->part->bd_device.kobj.name);\n"
"	dev_pathname = strjoin(\"/dev/\", R->part == NULL ?\n"
"	    stringof(R->q->disk->disk_name) :\n"
"	    stringof(R->part->bd_device.kobj.name));\n"
"};\n";

/*
 * The network views of DTrace's ip and tcp providers.  ip.d: the packet,
 * connection and IP views, here from the struct sock of a connection
 * (the segment itself is not at hand: the view is of one going from
 * the remote end to the local one, its payload length 0).
 */
static const char dt_lib_ip[] =
"typedef struct pktinfo {\n"
"	uintptr_t pkt_addr;	/* the packet: 0, not known */\n"
"} pktinfo_t;\n"
"\n"
"typedef struct csinfo {\n"
"	uintptr_t cs_addr;	/* the connection's struct sock */\n"
"	uint64_t cs_cid;	/* connection id: the same address */\n"
"	int cs_pid;		/* process: 0, not known */\n"
"	int cs_zoneid;		/* zone: 0, the global zone */\n"
"} csinfo_t;\n"
"\n"
"typedef struct ipinfo {\n"
"	uint8_t ip_ver;		/* IP version: 4 or 6 */\n"
"	uint16_t ip_plength;	/* payload length: 0, not known */\n"
"	string ip_saddr;	/* source address */\n"
"	string ip_daddr;	/* destination address */\n"
"} ipinfo_t;\n"
"\n"
"translator pktinfo_t < struct sk_buff *P > {\n"
"	pkt_addr = (uintptr_t)P;\n"
"};\n"
"\n"
"translator csinfo_t < struct sock *S > {\n"
"	cs_addr = (uintptr_t)S;\n"
"	cs_cid = (uintptr_t)S;\n"
"	cs_pid = 0;\n"
"	cs_zoneid = 0;\n"
"};\n"
"\n"
"translator ipinfo_t < struct sock *S > {\n"
"	ip_ver = S->__sk_common.skc_family == 10 ? 6 : 4;\n"
"	ip_plength = 0;\n"
"	ip_saddr = S->__sk_common.skc_family == 10 ?\n"
"	    inet_ntoa6(&S->__sk_common.skc_v6_daddr) :\n"
"	    inet_ntoa(&S->__sk_common.skc_daddr);\n"
"	ip_daddr = S->__sk_common.skc_family == 10 ?\n"
"	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr) :\n"
"	    inet_ntoa(&S->__sk_common.skc_rcv_saddr);\n"
"};\n"
"\n"
"/* the ip provider's views, from the IP header and the device */\n"
"typedef struct ifinfo {\n"
"	string if_name;		/* interface name */\n"
"	int8_t if_local;	/* the loopback device */\n"
"	uintptr_t if_ipstack;	/* its network namespace (struct net) */\n"
"	uintptr_t if_addr;	/* the struct net_device */\n"
"} ifinfo_t;\n"
"\n"
"typedef struct ipv4info {\n"
"	uint8_t ipv4_ver;	/* IP version: 4 */\n"
"	uint8_t ipv4_ihl;	/* header length, bytes */\n"
"	uint8_t ipv4_tos;	/* type of service */\n"
"	uint16_t ipv4_length;	/* length, header and payload */\n"
"	uint16_t ipv4_ident;	/* identification */\n"
"	uint8_t ipv4_flags;	/* flags (DF 2, MF 1) */\n"
"	uint16_t ipv4_offset;	/* fragment offset, bytes */\n"
"	uint8_t ipv4_ttl;	/* time to live */\n"
"	uint8_t ipv4_protocol;	/* next protocol */\n"
"	string ipv4_protostr;	/* its name */\n"
"	uint16_t ipv4_checksum;	/* header checksum */\n"
"	uint32_t ipv4_src;	/* source address (network order) */\n"
"	uint32_t ipv4_dst;	/* destination address */\n"
"	string ipv4_saddr;	/* source address */\n"
"	string ipv4_daddr;	/* destination address */\n"
"	uintptr_t ipv4_hdr;	/* the header */\n"
"} ipv4info_t;\n"
"\n"
"typedef struct ipv6info {\n"
"	uint8_t ipv6_ver;	/* IP version: 6 */\n"
"	uint8_t ipv6_tclass;	/* traffic class */\n"
"	uint32_t ipv6_flow;	/* flow label */\n"
"	uint16_t ipv6_plen;	/* payload length */\n"
"	uint8_t ipv6_nexthdr;	/* next header */\n"
"	string ipv6_nextstr;	/* its name */\n"
"	uint8_t ipv6_hlim;	/* hop limit */\n"
"	uintptr_t ipv6_src;	/* source address (in6_addr_t *) */\n"
"	uintptr_t ipv6_dst;	/* destination address */\n"
"	string ipv6_saddr;	/* source address */\n"
"	string ipv6_daddr;	/* destination address */\n"
"	uintptr_t ipv6_hdr;	/* the header */\n"
"} ipv6info_t;\n"
"\n"
"translator ipinfo_t < struct iphdr *H > {\n"
"	ip_ver = H->version;\n"
"	ip_plength = H->version == 4 ? ntohs(H->tot_len) - H->ihl * 4 :\n"
"	    ntohs(((struct ipv6hdr *)H)->payload_len);\n"
"	ip_saddr = H->version == 4 ? inet_ntoa(&H->saddr) :\n"
"	    inet_ntoa6(&((struct ipv6hdr *)H)->saddr);\n"
"	ip_daddr = H->version == 4 ? inet_ntoa(&H->daddr) :\n"
"	    inet_ntoa6(&((struct ipv6hdr *)H)->daddr);\n"
"};\n"
"\n"
"translator ifinfo_t < struct net_device *D > {\n"
"	if_name = D == NULL ? \"<none>\" : stringof(D->name);\n"
"	if_local = D == NULL ? 0 : (D->flags & 0x8) != 0;\n"
"	if_ipstack = D == NULL ? 0 : (uintptr_t)D->nd_net.net;\n"
"	if_addr = (uintptr_t)D;\n"
"};\n"
"\n"
"translator ipv4info_t < struct iphdr *H > {\n"
"	ipv4_ver = H->version;\n"
"	ipv4_ihl = H->ihl * 4;\n"
"	ipv4_tos = H->tos;\n"
"	ipv4_length = ntohs(H->tot_len);\n"
"	ipv4_ident = ntohs(H->id);\n"
"	ipv4_flags = ntohs(H->frag_off) >> 13;\n"
"	ipv4_offset = (ntohs(H->frag_off) & 0x1fff) * 8;\n"
"	ipv4_ttl = H->ttl;\n"
"	ipv4_protocol = H->protocol;\n"
"	ipv4_protostr = H->protocol == 6 ? \"TCP\" : H->protocol == 17 ?\n"
"	    \"UDP\" : H->protocol == 1 ? \"ICMP\" : H->protocol == 58 ?\n"
"	    \"ICMPV6\" : \"<unknown>\";\n"
"	ipv4_checksum = ntohs(H->check);\n"
"	ipv4_src = H->saddr;\n"
"	ipv4_dst = H->daddr;\n"
"	ipv4_saddr = inet_ntoa(&H->saddr);\n"
"	ipv4_daddr = inet_ntoa(&H->daddr);\n"
"	ipv4_hdr = (uintptr_t)H;\n"
"};\n"
"\n"
"translator ipv6info_t < struct ipv6hdr *H > {\n"
"	ipv6_ver = H->version;\n"
"	ipv6_tclass = H->priority << 4 | H->flow_lbl[0] >> 4;\n"
"	ipv6_flow = (H->flow_lbl[0] & 0xf) << 16 | H->flow_lbl[1] << 8 |\n"
"	    H->flow_lbl[2];\n"
"	ipv6_plen = ntohs(H->payload_len);\n"
"	ipv6_nexthdr = H->nexthdr;\n"
"	ipv6_nextstr = H->nexthdr == 6 ? \"TCP\" : H->nexthdr == 17 ?\n"
"	    \"UDP\" : H->nexthdr == 58 ? \"ICMPV6\" : \"<unknown>\";\n"
"	ipv6_hlim = H->hop_limit;\n"
"	ipv6_src = (uintptr_t)&H->saddr;\n"
"	ipv6_dst = (uintptr_t)&H->daddr;\n"
"	ipv6_saddr = inet_ntoa6(&H->saddr);\n"
"	ipv6_daddr = inet_ntoa6(&H->daddr);\n"
"	ipv6_hdr = (uintptr_t)H;\n"
"};\n";

/* Linux's TCP state (an expression) as DTrace's TCP_STATE_* value. */
#define TCP_STATE_OF(x) \
"	    (" x ") == 1 ? 6 : (" x ") == 2 ? 4 : (" x ") == 3 ? 5 :\n" \
"	    (" x ") == 4 ? 8 : (" x ") == 5 ? 11 : (" x ") == 6 ? 12 :\n" \
"	    (" x ") == 7 ? 0 : (" x ") == 8 ? 7 : (" x ") == 9 ? 10 :\n" \
"	    (" x ") == 10 ? 3 : (" x ") == 11 ? 9 : (" x ") == 12 ? 5 : 0"

/*
 * tcp.d: the TCP views, from the struct sock of the connection.  The
 * states are DTrace's (TCP_STATE_*), mapped from Linux's; tcps_state
 * reads arg6 (the new state + 1), which the tcp provider sets because
 * the socket still holds the old state when its tracepoint fires.
 */
static const char dt_lib_tcp[] =
"inline int TCP_STATE_CLOSED = 0;\n"
"inline int TCP_STATE_IDLE = 1;\n"
"inline int TCP_STATE_BOUND = 2;\n"
"inline int TCP_STATE_LISTEN = 3;\n"
"inline int TCP_STATE_SYN_SENT = 4;\n"
"inline int TCP_STATE_SYN_RECEIVED = 5;\n"
"inline int TCP_STATE_ESTABLISHED = 6;\n"
"inline int TCP_STATE_CLOSE_WAIT = 7;\n"
"inline int TCP_STATE_FIN_WAIT_1 = 8;\n"
"inline int TCP_STATE_CLOSING = 9;\n"
"inline int TCP_STATE_LAST_ACK = 10;\n"
"inline int TCP_STATE_FIN_WAIT_2 = 11;\n"
"inline int TCP_STATE_TIME_WAIT = 12;\n"
"\n"
"typedef struct tcpsinfo {\n"
"	uintptr_t tcps_addr;	/* the struct sock */\n"
"	int tcps_local;		/* both ends on this host */\n"
"	uint16_t tcps_lport;	/* local port */\n"
"	uint16_t tcps_rport;	/* remote port */\n"
"	string tcps_laddr;	/* local address */\n"
"	string tcps_raddr;	/* remote address */\n"
"	int tcps_state;		/* TCP_STATE_* */\n"
"	uint32_t tcps_iss;	/* initial send sequence: 0, not kept */\n"
"	uint32_t tcps_suna;	/* oldest unacknowledged sequence */\n"
"	uint32_t tcps_snxt;	/* next sequence to send */\n"
"	uint32_t tcps_rnxt;	/* next sequence expected */\n"
"	uint32_t tcps_swnd;	/* send window */\n"
"	int tcps_snd_ws;	/* send window scale */\n"
"	uint32_t tcps_rwnd;	/* receive window */\n"
"	int tcps_rcv_ws;	/* receive window scale */\n"
"	uint32_t tcps_cwnd;	/* congestion window */\n"
"	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold */\n"
"	uint32_t tcps_sack_snxt;	/* next SACK sequence: 0 */\n"
"	uint32_t tcps_rto;	/* retransmit timeout, in jiffies */\n"
"	uint32_t tcps_mss;	/* maximum segment size */\n"
"	int tcps_retransmit;	/* a retransmission: 0 */\n"
"	uint32_t tcps_rtt;	/* smoothed round-trip time, us */\n"
"	uint32_t tcps_rtt_sd;	/* its mean deviation, us */\n"
"	uint32_t tcps_irs;	/* initial receive sequence: 0 */\n"
"} tcpsinfo_t;\n"
"\n"
"typedef struct tcplsinfo {\n"
"	int tcps_state;		/* the previous state, TCP_STATE_* */\n"
"} tcplsinfo_t;\n"
"\n"
"typedef struct tcpinfo {\n"
"	uint16_t tcp_sport;	/* source port (the remote one) */\n"
"	uint16_t tcp_dport;	/* destination port (the local one) */\n"
"	uint32_t tcp_seq;	/* sequence number: 0, not known */\n"
"	uint32_t tcp_ack;	/* acknowledgment: 0, not known */\n"
"	uint8_t tcp_offset;	/* header length: 0, not known */\n"
"	uint8_t tcp_flags;	/* flags: 0, not known */\n"
"	uint16_t tcp_window;	/* window: 0, not known */\n"
"	uint16_t tcp_checksum;	/* checksum: 0, not known */\n"
"	uint16_t tcp_urgent;	/* urgent pointer: 0, not known */\n"
"	uintptr_t tcp_hdr;	/* the header: 0, not known */\n"
"} tcpinfo_t;\n"
"\n"
"translator tcpsinfo_t < struct sock *S > {\n"
"	tcps_addr = (uintptr_t)S;\n"
"	tcps_local = S->__sk_common.skc_family == 10 ? 0 :\n"
"	    S->__sk_common.skc_daddr == S->__sk_common.skc_rcv_saddr ||\n"
"	    (S->__sk_common.skc_daddr & 0xff) == 127;\n"
"	tcps_lport = S->__sk_common.skc_num;\n"
"	tcps_rport = ntohs(S->__sk_common.skc_dport);\n"
"	tcps_laddr = S->__sk_common.skc_family == 10 ?\n"
"	    inet_ntoa6(&S->__sk_common.skc_v6_rcv_saddr) :\n"
"	    inet_ntoa(&S->__sk_common.skc_rcv_saddr);\n"
"	tcps_raddr = S->__sk_common.skc_family == 10 ?\n"
"	    inet_ntoa6(&S->__sk_common.skc_v6_daddr) :\n"
"	    inet_ntoa(&S->__sk_common.skc_daddr);\n"
"	tcps_state =\n"
TCP_STATE_OF("arg6 != 0 ? arg6 - 1 : S->__sk_common.skc_state") ";\n"
"	tcps_iss = 0;\n"
"	tcps_suna = ((struct tcp_sock *)S)->snd_una;\n"
"	tcps_snxt = ((struct tcp_sock *)S)->snd_nxt;\n"
"	tcps_rnxt = ((struct tcp_sock *)S)->rcv_nxt;\n"
"	tcps_swnd = ((struct tcp_sock *)S)->snd_wnd;\n"
"	tcps_snd_ws = ((struct tcp_sock *)S)->rx_opt.snd_wscale;\n"
"	tcps_rwnd = ((struct tcp_sock *)S)->rcv_wnd;\n"
"	tcps_rcv_ws = ((struct tcp_sock *)S)->rx_opt.rcv_wscale;\n"
"	tcps_cwnd = ((struct tcp_sock *)S)->snd_cwnd;\n"
"	tcps_cwnd_ssthresh = ((struct tcp_sock *)S)->snd_ssthresh;\n"
"	tcps_sack_snxt = 0;\n"
"	tcps_rto = ((struct inet_connection_sock *)S)->icsk_rto;\n"
"	tcps_mss = ((struct tcp_sock *)S)->mss_cache;\n"
"	tcps_retransmit = 0;\n"
"	tcps_rtt = ((struct tcp_sock *)S)->srtt_us >> 3;\n"
"	tcps_rtt_sd = ((struct tcp_sock *)S)->mdev_us >> 2;\n"
"	tcps_irs = 0;\n"
"};\n"
"\n"
"translator tcplsinfo_t < int L > {\n"
"	tcps_state =\n"
TCP_STATE_OF("L") ";\n"
"};\n"
"\n"
"translator tcpinfo_t < struct sock *S > {\n"
"	tcp_sport = ntohs(S->__sk_common.skc_dport);\n"
"	tcp_dport = S->__sk_common.skc_num;\n"
"	tcp_seq = 0;\n"
"	tcp_ack = 0;\n"
"	tcp_offset = 0;\n"
"	tcp_flags = 0;\n"
"	tcp_window = 0;\n"
"	tcp_checksum = 0;\n"
"	tcp_urgent = 0;\n"
"	tcp_hdr = 0;\n"
"};\n";

/* The files of the library, and the names each declares. */
static const struct {
	const char *dl_file;		/* the name errors give */
	const char *dl_text;		/* its D text */
	const char *const *dl_names;	/* what it declares: naming one
					   loads it */
} dt_libs[] = {
	{ "procfs.d (the D library)", dt_lib_procfs, (const char *const []){
	    "psinfo_t", "lwpsinfo_t", "struct psinfo", "struct lwpsinfo",
	    "timestruc_t", "struct timestruc",
	    "curpsinfo", "curlwpsinfo", "SSLEEP", "SRUN", "SZOMB", "SSTOP",
	    "SIDL", "SONPROC", "in6_addr_t", "PR_MODEL_ILP32",
	    "PR_MODEL_LP64", "PR_STOPPED", "PR_ISTOP", "PR_DSTOP", "PR_IDLE",
	    NULL } },
	{ "io.d (the D library)", dt_lib_io, (const char *const []){
	    "fileinfo_t", "struct fileinfo", "bufinfo_t", "struct bufinfo",
	    "devinfo_t", "struct devinfo", "B_BUSY", "B_DONE", "B_ERROR",
	    "B_PAGEIO", "B_PHYS", "B_READ", "B_WRITE", "B_ASYNC", NULL } },
	{ "ip.d (the D library)", dt_lib_ip, (const char *const []){
	    "pktinfo_t", "struct pktinfo", "csinfo_t", "struct csinfo",
	    "ipinfo_t", "struct ipinfo", "ifinfo_t", "struct ifinfo",
	    "ipv4info_t", "struct ipv4info", "ipv6info_t", "struct ipv6info",
	    NULL } },
	{ "tcp.d (the D library)", dt_lib_tcp, (const char *const []){
	    "tcpsinfo_t", "struct tcpsinfo", "tcplsinfo_t",
	    "struct tcplsinfo", "tcpinfo_t", "struct tcpinfo",
	    "TCP_STATE_CLOSED", "TCP_STATE_IDLE", "TCP_STATE_BOUND",
	    "TCP_STATE_LISTEN", "TCP_STATE_SYN_SENT",
	    "TCP_STATE_SYN_RECEIVED", "TCP_STATE_ESTABLISHED",
	    "TCP_STATE_CLOSE_WAIT", "TCP_STATE_FIN_WAIT_1",
	    "TCP_STATE_CLOSING", "TCP_STATE_LAST_ACK",
	    "TCP_STATE_FIN_WAIT_2", "TCP_STATE_TIME_WAIT", NULL } },
	{ "sched.d (the D library)", dt_lib_sched, (const char *const []){
	    "cpuinfo_t", "struct cpuinfo", "curcpu", "processor_info_t",
	    "struct processor_info", "processorid_t", "psetid_t", "chipid_t",
	    "lgrp_id_t", "P_ONLINE", "P_OFFLINE", "chip", "lgrp", "pset",
	    NULL } },
	{ "net.d (the D library)", dt_lib_net, (const char *const []){
	    "AF_INET", "AF_INET6", "ARPHRD_ETHER", "ARPHRD_INFINIBAND",
	    NULL } },
};

/*
 * The libraries of constants: names of this system's numbers, each
 * compiled on first use as "inline int NAME = VALUE;" lines, so that
 * naming one reads no kernel types.  C(X) is the row of constant X.
 */
typedef struct dt_libconst {
	const char *lc_name;	/* as D programs name it */
	int lc_value;		/* its number here */
} dt_libconst_t;

#define C(x)	{ #x, x }

/* The signals, as raise() takes them. */
static const dt_libconst_t dt_lib_sigs[] = {
	C(SIGHUP), C(SIGINT), C(SIGQUIT), C(SIGILL), C(SIGTRAP), C(SIGABRT),
	C(SIGIOT), C(SIGBUS), C(SIGFPE), C(SIGKILL), C(SIGUSR1), C(SIGSEGV),
	C(SIGUSR2), C(SIGPIPE), C(SIGALRM), C(SIGTERM), C(SIGSTKFLT),
	C(SIGCHLD), { "SIGCLD", SIGCHLD }, C(SIGCONT), C(SIGSTOP), C(SIGTSTP),
	C(SIGTTIN), C(SIGTTOU), C(SIGURG), C(SIGXCPU), C(SIGXFSZ),
	C(SIGVTALRM), C(SIGPROF), C(SIGWINCH), C(SIGIO), C(SIGPOLL), C(SIGPWR),
	C(SIGSYS),
	/* The codes of a signal's cause (si_code), proc:::exit's args[0]. */
	C(ILL_ILLOPC), C(ILL_ILLOPN), C(ILL_ILLADR), C(ILL_ILLTRP),
	C(ILL_PRVOPC), C(ILL_PRVREG), C(ILL_COPROC), C(ILL_BADSTK),
	C(FPE_INTDIV), C(FPE_INTOVF), C(FPE_FLTDIV), C(FPE_FLTOVF),
	C(FPE_FLTUND), C(FPE_FLTRES), C(FPE_FLTINV), C(FPE_FLTSUB),
	C(SEGV_MAPERR), C(SEGV_ACCERR), C(BUS_ADRALN), C(BUS_ADRERR),
	C(BUS_OBJERR), C(TRAP_BRKPT), C(TRAP_TRACE), C(CLD_EXITED),
	C(CLD_KILLED), C(CLD_DUMPED), C(CLD_TRAPPED), C(CLD_STOPPED),
	C(CLD_CONTINUED), C(POLL_IN), C(POLL_OUT), C(POLL_MSG), C(POLL_ERR),
	C(POLL_PRI), C(POLL_HUP), { NULL, 0 }
};

/* The error numbers of system calls (errno, a return probe's arg1). */
static const dt_libconst_t dt_lib_errno[] = {
	C(EPERM), C(ENOENT), C(ESRCH), C(EINTR), C(EIO), C(ENXIO), C(E2BIG),
	C(ENOEXEC), C(EBADF), C(ECHILD), C(EAGAIN), C(ENOMEM), C(EACCES),
	C(EFAULT), C(ENOTBLK), C(EBUSY), C(EEXIST), C(EXDEV), C(ENODEV),
	C(ENOTDIR), C(EISDIR), C(EINVAL), C(ENFILE), C(EMFILE), C(ENOTTY),
	C(ETXTBSY), C(EFBIG), C(ENOSPC), C(ESPIPE), C(EROFS), C(EMLINK),
	C(EPIPE), C(EDOM), C(ERANGE), C(EDEADLK), C(ENAMETOOLONG), C(ENOLCK),
	C(ENOSYS), C(ENOTEMPTY), C(ELOOP), C(EWOULDBLOCK), C(ENOMSG),
	C(EIDRM), C(ECHRNG), C(EL2NSYNC), C(EL3HLT), C(EL3RST), C(ELNRNG),
	C(EUNATCH), C(ENOCSI), C(EL2HLT), C(EBADE), C(EBADR), C(EXFULL),
	C(ENOANO), C(EBADRQC), C(EBADSLT), C(EDEADLOCK), C(EBFONT),
	C(ENOSTR), C(ENODATA), C(ETIME), C(ENOSR), C(ENONET), C(ENOPKG),
	C(EREMOTE), C(ENOLINK), C(EADV), C(ESRMNT), C(ECOMM), C(EPROTO),
	C(EMULTIHOP), C(EDOTDOT), C(EBADMSG), C(EOVERFLOW), C(ENOTUNIQ),
	C(EBADFD), C(EREMCHG), C(ELIBACC), C(ELIBBAD), C(ELIBSCN),
	C(ELIBMAX), C(ELIBEXEC), C(EILSEQ), C(ERESTART), C(ESTRPIPE),
	C(EUSERS), C(ENOTSOCK), C(EDESTADDRREQ), C(EMSGSIZE), C(EPROTOTYPE),
	C(ENOPROTOOPT), C(EPROTONOSUPPORT), C(ESOCKTNOSUPPORT),
	C(EOPNOTSUPP), C(ENOTSUP), C(EPFNOSUPPORT), C(EAFNOSUPPORT),
	C(EADDRINUSE), C(EADDRNOTAVAIL), C(ENETDOWN), C(ENETUNREACH),
	C(ENETRESET), C(ECONNABORTED), C(ECONNRESET), C(ENOBUFS), C(EISCONN),
	C(ENOTCONN), C(ESHUTDOWN), C(ETOOMANYREFS), C(ETIMEDOUT),
	C(ECONNREFUSED), C(EHOSTDOWN), C(EHOSTUNREACH), C(EALREADY),
	C(EINPROGRESS), C(ESTALE), C(EUCLEAN), C(ENOTNAM), C(ENAVAIL),
	C(EISNAM), C(EREMOTEIO), C(EDQUOT), C(ENOMEDIUM), C(EMEDIUMTYPE),
	C(ECANCELED), C(ENOKEY), C(EKEYEXPIRED), C(EKEYREVOKED),
	C(EKEYREJECTED), C(EOWNERDEAD), C(ENOTRECOVERABLE), C(ERFKILL),
	C(EHWPOISON),
	{ NULL, 0 }
};

/* The fault codes of the ERROR probe's arg4 (dtrace.h). */
static const dt_libconst_t dt_lib_faults[] = {
	C(DTRACEFLT_UNKNOWN), C(DTRACEFLT_BADADDR), C(DTRACEFLT_BADALIGN),
	C(DTRACEFLT_ILLOP), C(DTRACEFLT_DIVZERO), C(DTRACEFLT_NOSCRATCH),
	C(DTRACEFLT_KPRIV), C(DTRACEFLT_UPRIV), C(DTRACEFLT_TUPOFLOW),
	C(DTRACEFLT_BADSTACK), C(DTRACEFLT_BADSIZE), C(DTRACEFLT_BADINDEX),
	C(DTRACEFLT_LIBRARY), { NULL, 0 }
};

#undef C

static const struct {
	const char *cl_file;		/* the name errors give */
	const dt_libconst_t *cl_consts;	/* its constants, NULL-ended */
} dt_libconsts[] = {
	{ "signal.d (the D library)", dt_lib_sigs },
	{ "errno.d (the D library)", dt_lib_errno },
	{ "faults.d (the D library)", dt_lib_faults },
};

/* Compile library l of constants: "inline int SIGHUP = 1;" and so on. */
static int
lib_consts(dtrace_hdl_t *dtp, unsigned int l)
{
	const dt_libconst_t *c = dt_libconsts[l].cl_consts;
	size_t n = 0, cap, len = 0;
	char *text;
	dtrace_prog_t *pgp;

	while (c[n].lc_name != NULL)
		n++;
	cap = n * 48 + 1;
	if ((text = malloc(cap)) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, cap - len,
		    "inline int %s = %d;\n", c[i].lc_name, c[i].lc_value);
	pgp = dt_compile_file_text(dtp, text, dt_libconsts[l].cl_file);
	free(text);
	return (pgp == NULL ? -1 : 0);
}

/*
 * The handle's identifier name, compiling the library first if the name
 * is one of its own and it is not loaded yet.  NULL if there is no such
 * identifier; when the library fails to compile, NULL with *errp set (the
 * handle's message says why).
 */
dt_ident_t *
dt_lib_lookup(dtrace_hdl_t *dtp, const char *name, bool *errp)
{
	dt_ident_t *idp = dt_ident_lookup(dtp, name);

	*errp = false;
	if (idp != NULL)
		return (idp);
	for (unsigned int l = 0; l < sizeof (dt_libconsts) /
	    sizeof (dt_libconsts[0]); l++) {
		const dt_libconst_t *c = dt_libconsts[l].cl_consts;

		if (dtp->dt_libconstloaded & (1U << l))
			continue;
		for (; c->lc_name != NULL; c++) {
			if (strcmp(c->lc_name, name) != 0)
				continue;
			dtp->dt_libconstloaded |= 1U << l;
			if (lib_consts(dtp, l) != 0) {
				*errp = true;
				return (NULL);
			}
			return (dt_ident_lookup(dtp, name));
		}
	}
	for (unsigned int l = 0; l < sizeof (dt_libs) / sizeof (dt_libs[0]);
	    l++) {
		for (int i = 0; dt_libs[l].dl_names[i] != NULL; i++) {
			if (strcmp(dt_libs[l].dl_names[i], name) != 0 ||
			    (dtp->dt_libloaded & (1U << l)))
				continue;
			dtp->dt_libloaded |= 1U << l;
			if (dt_compile_file_text(dtp, dt_libs[l].dl_text,
			    dt_libs[l].dl_file) == NULL) {
				*errp = true;
				return (NULL);
			}
			return (dt_ident_lookup(dtp, name));
		}
	}
	return (NULL);
}

/* The user's library files, by path, and whether each is compiled. */
typedef struct dt_libfile {
	char *lf_path;			/* DIR/NAME.d */
	const char *lf_name;		/* in lf_path: NAME.d */
	int lf_state;			/* 0 to do, 1 in progress, 2 done */
} dt_libfile_t;

static int
libfile_cmp(const void *a, const void *b)
{
	return (strcmp(((const dt_libfile_t *)a)->lf_name,
	    ((const dt_libfile_t *)b)->lf_name));
}

static int lib_file(dtrace_hdl_t *, dt_libfile_t *, size_t, dt_libfile_t *);

/*
 * Compile the files lf's "#pragma D depends_on library NAME" lines name,
 * then lf.
 */
static int
lib_file(dtrace_hdl_t *dtp, dt_libfile_t *files, size_t n, dt_libfile_t *lf)
{
	dtrace_prog_t *pgp;
	char *text = NULL, *line;
	size_t cap = 0, len = 0;
	FILE *fp;

	if (lf->lf_state == 2)
		return (0);
	if (lf->lf_state == 1)
		return (dt_set_errmsg(dtp, EDT_COMPILER, "D library %s: its "
		    "library dependencies form a cycle", lf->lf_path));
	lf->lf_state = 1;
	if ((fp = fopen(lf->lf_path, "re")) == NULL)
		return (dt_set_errmsg(dtp, EDT_COMPILER, "cannot read D "
		    "library %s: %s", lf->lf_path, strerror(errno)));
	for (;;) {
		size_t got;

		if (len + 4096 > cap) {
			char *t = realloc(text, cap = cap * 2 + 8192);

			if (t == NULL) {
				free(text);
				fclose(fp);
				return (dt_set_errno(dtp, EDT_NOMEM));
			}
			text = t;
		}
		if ((got = fread(text + len, 1, cap - len - 1, fp)) == 0)
			break;
		len += got;
	}
	fclose(fp);
	text[len] = '\0';
	for (line = text; line != NULL && *line != '\0';
	    line = strchr(line, '\n') != NULL ? strchr(line, '\n') + 1 :
	    NULL) {
		char name[256];
		bool found = false;

		if (sscanf(line, " #pragma D depends_on library %255s",
		    name) != 1)
			continue;
		for (size_t i = 0; i < n; i++) {
			if (strcmp(files[i].lf_name, name) != 0)
				continue;
			found = true;
			if (lib_file(dtp, files, n, &files[i]) != 0) {
				free(text);
				return (-1);
			}
			break;
		}
		if (!found) {
			free(text);
			return (dt_set_errmsg(dtp, EDT_COMPILER, "D library %s "
			    "depends on library %s, which no libdir holds",
			    lf->lf_path, name));
		}
	}
	pgp = dt_compile_file_text(dtp, text, lf->lf_path);
	free(text);
	if (pgp == NULL)
		return (-1);
	if (pgp->dp_nclauses > 0)
		return (dt_set_errmsg(dtp, EDT_COMPILER, "%s:%d:%d: a D library "
		    "file declares; it may not hold probe clauses",
		    lf->lf_path, pgp->dp_clauses->dc_descpos[0].sp_line,
		    pgp->dp_clauses->dc_descpos[0].sp_col));
	lf->lf_state = 2;
	return (0);
}

/*
 * Compile the .d files of the libdir directories, once per handle,
 * before its first program.
 */
int
dt_lib_dirs(dtrace_hdl_t *dtp)
{
	const dt_options_t *op = &dtp->dt_opts;
	dt_libfile_t *files = NULL;
	size_t n = 0, cap = 0;
	int rv = 0;

	if (dtp->dt_libdirsdone)
		return (0);
	dtp->dt_libdirsdone = true;
	for (unsigned int d = 0; d < op->op_nlibdirs && rv == 0; d++) {
		DIR *dir = opendir(op->op_libdirs[d]);
		struct dirent *de;

		if (dir == NULL) {
			rv = dt_set_errmsg(dtp, EDT_COMPILER, "cannot read D "
			    "library directory %s: %s", op->op_libdirs[d],
			    strerror(errno));
			break;
		}
		while (rv == 0 && (de = readdir(dir)) != NULL) {
			size_t len = strlen(de->d_name);
			struct stat st;
			char *path;

			if (len < 3 || strcmp(de->d_name + len - 2, ".d") != 0)
				continue;
			if (asprintf(&path, "%s/%s", op->op_libdirs[d],
			    de->d_name) < 0) {
				rv = dt_set_errno(dtp, EDT_NOMEM);
				break;
			}
			if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
				free(path);
				continue;
			}
			if (n == cap) {
				dt_libfile_t *f = realloc(files,
				    (cap = cap * 2 + 8) * sizeof (*f));

				if (f == NULL) {
					free(path);
					rv = dt_set_errno(dtp, EDT_NOMEM);
					break;
				}
				files = f;
			}
			files[n].lf_path = path;
			files[n].lf_name = strrchr(path, '/') + 1;
			files[n++].lf_state = 0;
		}
		closedir(dir);
	}
	if (rv == 0 && n > 1)	/* no file: files is NULL */
		qsort(files, n, sizeof (*files), libfile_cmp);
	for (size_t i = 0; i < n && rv == 0; i++)
		rv = lib_file(dtp, files, n, &files[i]);
	for (size_t i = 0; i < n; i++)
		free(files[i].lf_path);
	free(files);
	return (rv);
}
