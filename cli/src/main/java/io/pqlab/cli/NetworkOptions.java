package io.pqlab.cli;

import io.pqlab.internal.net.CostModel;
import io.pqlab.internal.net.Strategy;
import picocli.CommandLine.Option;

/** How a read turns into requests, and the network its cost is modelled on (skipping, scan, requests). */
final class NetworkOptions {
    @Option(names = "--connections", paramLabel = "N", defaultValue = "4",
            description = "Requests in flight at once. Default: ${DEFAULT-VALUE}.")
    int connections;

    @Option(names = "--coalesce", paramLabel = "BYTES|auto",
            description = "Merge byte ranges less than this many bytes apart into one request (0: only ranges "
                    + "that touch; auto: latency x bandwidth, clamped to 4 KiB-32 MiB). Default: auto for an "
                    + "http(s):// or s3:// FILE, where a request costs more than its bytes; 0 for a local file.")
    String coalesce;

    @Option(names = "--latency-ms", paramLabel = "MS",
            description = "Model a network where each request costs this much before its first byte "
                    + "(default 20, an object store).")
    Double latencyMs;

    @Option(names = "--bandwidth", paramLabel = "BYTES/S",
            description = "Model a network of this bandwidth per request, e.g. 100MB (the default), 1GB; 0 for "
                    + "unlimited.")
    String bandwidth;

    CostModel model() {
        long latency = latencyMs == null ? CostModel.DEFAULT_LATENCY_MICROS : Math.round(latencyMs * 1000);
        long bw = bandwidth == null ? CostModel.DEFAULT_BANDWIDTH : Sizes.parseRate(bandwidth, "--bandwidth");
        if (latency < 0) {
            throw new Main.UserError("--latency-ms must be 0 or more");
        }
        if (connections < 1) {
            throw new Main.UserError("--connections must be at least 1");
        }
        return new CostModel(latency, bw, connections);
    }

    /** The gap in bytes for reading {@code file}: a number, or auto from the model (the default remotely). */
    long gap(String file) {
        String c = coalesce != null ? coalesce : Sources.isRemote(file) ? "auto" : "0";
        if (c.trim().equalsIgnoreCase("auto")) {
            return model().autoGap();
        }
        return Sizes.parse(c, "--coalesce");
    }

    Strategy strategy(SourceOptions source, String file) {
        return new Strategy(source.prefetchBytes(), gap(file), connections(), true);
    }

    int connections() {
        if (connections < 1) {
            throw new Main.UserError("--connections must be at least 1");
        }
        return connections;
    }
}
