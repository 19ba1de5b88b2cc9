package dev.weft.cluster;

import java.util.ArrayList;
import java.util.List;

/** A member's address as {@code --cluster} lists them: HOST:PORT. */
public record ClusterAddress(String host, int port) {

    /**
     * The addresses of a {@code --cluster} list, "HOST:PORT,HOST:PORT,...".
     *
     * @throws IllegalArgumentException with a one-line message naming the entry that is not HOST:PORT
     */
    public static List<ClusterAddress> parseList(String list) {
        List<ClusterAddress> addresses = new ArrayList<>();
        for (String entry : list.split(",", -1)) {
            addresses.add(parse(entry.trim()));
        }
        return List.copyOf(addresses);
    }

    private static ClusterAddress parse(String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new IllegalArgumentException("--cluster: '" + entry + "' is not HOST:PORT");
        }
        int port;
        try {
            port = Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("--cluster: the port of '" + entry + "' must be a number from 1 to 65535");
        }
        return new ClusterAddress(entry.substring(0, colon), port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
