package io.pqlab.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
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
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path props = root.resolve("s3proxy.properties");
        Files.write(props, List.of("s3proxy.endpoint=http://127.0.0.1:" + port, "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY, "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem-nio2", "jclouds.filesystem.basedir=" + root.resolve("store")));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        process = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar, "--properties",
                props.toString()).redirectErrorStream(true).redirectOutput(root.resolve("s3proxy.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!listening()) {
            if (!process.isAlive()) {
                throw new IllegalStateException("s3proxy exited with " + process.exitValue() + ": "
                        + Files.readString(root.resolve("s3proxy.log")));
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("s3proxy did not listen on port " + port + " within 60 s");
            }
            Thread.sleep(50);
        }
    }

    private boolean listening() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
