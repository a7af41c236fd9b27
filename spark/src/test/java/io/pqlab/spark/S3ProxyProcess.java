package io.pqlab.spark;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * s3proxy (the server the s3 module's tests use) in a JVM of its own, started from the jar the
 * build copies into {@code target/s3proxy/} ({@code maven-dependency-plugin}, the pinned
 * {@code s3proxy.version}'s {@code jar-with-dependencies}): its Jetty 12 needs Servlet 6, which
 * cannot share Spark 4.1's classpath. Objects are the files of a folder, copied into its
 * filesystem blob store under bucket {@link #BUCKET}; clients sign with {@link #ACCESS_KEY} and
 * {@link #SECRET_KEY}.
 */
final class S3ProxyProcess implements AutoCloseable {
    static final String BUCKET = "data";
    static final String ACCESS_KEY = "pqlab-test";
    static final String SECRET_KEY = "pqlab-test-secret";

    private final Process process;
    private final int port;
    private final Path root;

    /** Serves every regular file under {@code folder} (relative paths as keys). */
    S3ProxyProcess(Path folder) throws Exception {
        String jar = System.getProperty("pqlab.s3proxy.jar", "target/s3proxy/s3proxy.jar");
        if (!Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("no s3proxy jar at " + jar + ": run the tests through Maven, whose"
                    + " process-test-resources phase copies it there");
        }
        root = Files.createTempDirectory("pqlab-s3proxy");
        Path bucket = root.resolve("store").resolve(BUCKET);
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = bucket.resolve(folder.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        // The port is chosen here and bound by the other JVM a second later: another module's test
        // (the build runs two at a time) may take it meanwhile. So readiness is s3proxy's own log
        // line for its connector on that port (a TCP connect could reach the other server), and a
        // start whose bind failed is retried on a fresh port.
        Process started = null;
        int chosen = -1;
        for (int attempt = 1; started == null; attempt++) {
            chosen = freePort();
            Process p = start(jar, chosen);
            if (awaitStarted(p, chosen)) {
                started = p;
            } else if (attempt == 3) {
                throw new IllegalStateException("s3proxy did not start on a free port in 3 attempts: "
                        + Files.readString(log()));
            }
        }
        process = started;
        port = chosen;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private Path log() {
        return root.resolve("s3proxy.log");
    }

    private Process start(String jar, int on) throws IOException {
        Path props = root.resolve("s3proxy.properties");
        Files.write(props, List.of("s3proxy.endpoint=http://127.0.0.1:" + on, "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY, "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem-nio2", "jclouds.filesystem.basedir=" + root.resolve("store")));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar, "--properties",
                props.toString()).redirectErrorStream(true).redirectOutput(log().toFile()).start();
    }

    /** True once the process logs its connector started on {@code on}; false if it exits first. */
    private boolean awaitStarted(Process p, int on) throws IOException, InterruptedException {
        String started = "127.0.0.1:" + on + "}";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            for (String line : Files.readAllLines(log(), java.nio.charset.StandardCharsets.ISO_8859_1)) {
                if (line.contains("Started") && line.contains("ServerConnector") && line.contains(started)) {
                    return true;
                }
            }
            if (!p.isAlive()) {
                return false;
            }
            if (System.nanoTime() > deadline) {
                stop(p);
                throw new IllegalStateException("s3proxy did not listen on port " + on + " within 60 s: "
                        + Files.readString(log()));
            }
            Thread.sleep(50);
        }
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public void close() throws InterruptedException, IOException {
        stop(process);
        try (Stream<Path> files = Files.walk(root)) { // the bucket's copies, the log: nothing left in /tmp
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
    }
}
