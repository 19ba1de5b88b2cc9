package dev.weft.cluster;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastException;
import com.hazelcast.core.HazelcastInstance;
import java.io.PrintWriter;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * This JVM's member of a Weft cluster: an embedded Hazelcast member that listens on the first address of the
 * {@code --cluster} list that is on this machine and free (one member per address) and joins the others by
 * TCP/IP only (no multicast, no auto-discovery, no phone-home, Hazelcast's own logging off: joins and leaves are
 * told to Weft's progress, one line each).
 *
 * <p>The secret: members join only a cluster whose name and validation token were made from the same secret (Hazelcast's
 * open-source join check; the secret itself is never sent). It keeps out members that were not given it; it does not
 * encrypt the traffic, which is why members listen on loopback unless told otherwise (docs/cluster.md).
 */
public final class ClusterMember implements AutoCloseable {
    /** Members whose heartbeat stopped this long ago are removed and their leased seeds queued again. */
    private static final int HEARTBEAT_TIMEOUT_SECONDS = 10;

    private final HazelcastInstance hazelcast;
    private final List<ClusterAddress> addresses;
    private final ClusterAddress own;

    private ClusterMember(HazelcastInstance hazelcast, List<ClusterAddress> addresses, ClusterAddress own) {
        this.hazelcast = hazelcast;
        this.addresses = addresses;
        this.own = own;
    }

    /**
     * Starts this JVM's member.
     *
     * @param told where a member's join or leave is told, one line each
     * @throws IllegalArgumentException (a one-line message) when no address of the list is on this machine, or the secret is empty
     */
    public static ClusterMember start(List<ClusterAddress> addresses, String secret, Consumer<String> told) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("a cluster needs a shared secret: --cluster-secret S or the environment variable "
                    + "WEFT_CLUSTER_SECRET");
        }
        String host = addresses.stream().map(ClusterAddress::host).filter(ClusterMember::isLocal).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--cluster: none of " + addresses + " is an address of this machine"));
        // Hazelcast reads its logging choice once, when its first class loads: before that, or it prints its banners.
        System.setProperty("hazelcast.logging.type", "none");
        ClusterMember member = listen(addresses, secret, host);
        HazelcastInstance hazelcast = member.hazelcast;
        hazelcast.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent event) {
                told.accept("cluster: member " + name(event) + " joined (" + count(event.getMembers().size()) + ")");
            }

            @Override
            public void memberRemoved(MembershipEvent event) {
                told.accept("cluster: member " + name(event) + " left (" + count(event.getMembers().size()) + ")");
            }
        });
        return member;
    }

    /** A member on the first port listed for {@code host} that it can bind (another member may take one between look and bind). */
    private static ClusterMember listen(List<ClusterAddress> addresses, String secret, String host) {
        for (ClusterAddress address : addresses) {
            if (address.host().equals(host) && free(host, address.port())) {
                try {
                    return new ClusterMember(Hazelcast.newHazelcastInstance(config(addresses, secret, host, address.port())), addresses,
                            address);
                } catch (HazelcastException e) {
                    if (!(e.getCause() instanceof BindException)) {
                        throw e;
                    }
                }
            }
        }
        throw new IllegalArgumentException("--cluster: every port listed for " + host + " is taken on this machine (one member each)");
    }

    /** "1 member", "3 members". */
    public static String count(int members) {
        return members + (members == 1 ? " member" : " members");
    }

    private static String name(MembershipEvent event) {
        com.hazelcast.cluster.Address address = event.getMember().getAddress();
        return address.getHost() + ":" + address.getPort();
    }

    private static Config config(List<ClusterAddress> addresses, String secret, String host, int port) {
        Config config = new Config();
        String digest = digest(secret);
        config.setClusterName("weft-" + digest.substring(0, 16));
        config.setProperty("hazelcast.application.validation.token", digest);
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.shutdownhook.enabled", "false");
        config.setProperty("hazelcast.socket.bind.any", "false");
        config.setProperty("hazelcast.wait.seconds.before.join", "0");
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", String.valueOf(HEARTBEAT_TIMEOUT_SECONDS));
        config.getJetConfig().setEnabled(false);
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(port).setPortAutoIncrement(false);
        network.getInterfaces().setEnabled(true).addInterface(ipOf(host));
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(addresses.stream().map(ClusterAddress::toString).toList());
        // Only Weft's own seeds and results, and the JDK's collections they hold, are ever deserialised from the network.
        JavaSerializationFilterConfig filter = new JavaSerializationFilterConfig();
        filter.getWhitelist().addPrefixes("dev.weft.", "java.util.", "java.lang.");
        config.getSerializationConfig().setJavaSerializationFilterConfig(filter);
        return config;
    }

    private static String digest(String secret) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(("weft-cluster:" + secret).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether nothing listens on {@code host:port} yet (a member started at the same moment may still take it first). */
    private static boolean free(String host, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(host, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isLocal(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }

    /**
     * Waits until another member has joined when the list names any other address; returns at once for a list of this
     * member's own address alone (a cluster of one).
     *
     * @throws IllegalArgumentException (one line) when none answered within {@code timeout}
     */
    public void awaitOthers(Duration timeout) throws InterruptedException {
        boolean othersListed = addresses.stream().anyMatch(a -> !a.equals(own));
        long end = System.nanoTime() + timeout.toNanos();
        while (othersListed && members() < 2) {
            if (System.nanoTime() > end) {
                throw new IllegalArgumentException("--cluster: no other member answered within " + timeout.toSeconds() + " s at "
                        + addresses + " (is a weft worker running there, with the same secret?)");
            }
            Thread.sleep(100);
        }
    }

    public int members() {
        return hazelcast.getCluster().getMembers().size();
    }

    /** This member's address, as the others know it. */
    public ClusterAddress address() {
        return own;
    }

    UUID uuid() {
        return hazelcast.getCluster().getLocalMember().getUuid();
    }

    HazelcastInstance hazelcast() {
        return hazelcast;
    }

    @Override
    public void close() {
        hazelcast.shutdown();
    }

    /** A host name as the IP address text Hazelcast's interface list takes. */
    private static String ipOf(String host) {
        try {
            return InetAddress.getByName(host).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--cluster: unknown host " + host);
        }
    }
}
