package io.pqlab.spark;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

/**
 * A minimal S3 endpoint on loopback for the Spark tests (path-style ListObjectsV2, HeadObject and
 * ranged GetObject over a local folder, signatures not checked), because s3proxy cannot share
 * Spark's classpath: its Jetty 12 needs Servlet 6, and Spark 4.1 needs Servlet 5's
 * {@code SingleThreadModel}, which 6 removed. The client is the real one (the AWS SDK through
 * the s3 module's {@code S3Lister}); every request is logged.
 */
final class TinyS3 implements AutoCloseable {
    static final String BUCKET = "data";
    private final Path root;
    private final HttpServer server;
    final List<String> log = new CopyOnWriteArrayList<>();

    TinyS3(Path root) throws IOException {
        this.root = root;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "tiny-s3");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", this::handle);
        server.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            String query = x.getRequestURI().getRawQuery();
            String rest = path.startsWith("/" + BUCKET) ? path.substring(BUCKET.length() + 1) : null;
            if (rest == null) {
                send(x, 404, "application/xml", error("NoSuchBucket"));
            } else if (rest.isEmpty() || rest.equals("/")) {
                list(x, query);
            } else {
                object(x, rest.substring(1));
            }
        }
    }

    private void list(HttpExchange x, String query) throws IOException {
        String prefix = "";
        boolean urlEncoded = false;
        for (String kv : query == null ? new String[0] : query.split("&")) {
            String[] p = kv.split("=", 2);
            String v = p.length > 1 ? URLDecoder.decode(p[1], StandardCharsets.UTF_8) : "";
            if (p[0].equals("prefix")) {
                prefix = v;
            } else if (p[0].equals("encoding-type")) {
                urlEncoded = v.equals("url");
            }
        }
        log.add("LIST " + prefix);
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>" + BUCKET + "</Name>"
                + "<MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>"
                + (urlEncoded ? "<EncodingType>url</EncodingType>" : ""));
        int n = 0;
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String key = root.relativize(f).toString().replace('\\', '/');
                if (!key.startsWith(prefix)) {
                    continue;
                }
                n++;
                String k = urlEncoded ? URLEncoder.encode(key, StandardCharsets.UTF_8).replace("%2F", "/") : xml(key);
                sb.append("<Contents><Key>").append(k).append("</Key><Size>").append(Files.size(f))
                        .append("</Size><ETag>&quot;").append(etag(f)).append("&quot;</ETag>")
                        .append("<LastModified>2026-12-01T00:00:00.000Z</LastModified>")
                        .append("<StorageClass>STANDARD</StorageClass></Contents>");
            }
        }
        sb.append("<KeyCount>").append(n).append("</KeyCount></ListBucketResult>");
        send(x, 200, "application/xml", sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    private void object(HttpExchange x, String key) throws IOException {
        Path f = root.resolve(key).normalize();
        if (!f.startsWith(root) || !Files.isRegularFile(f)) {
            log.add(x.getRequestMethod() + " " + key + " (missing)");
            send(x, 404, "application/xml", error("NoSuchKey"));
            return;
        }
        long size = Files.size(f);
        x.getResponseHeaders().set("ETag", "\"" + etag(f) + "\"");
        x.getResponseHeaders().set("Last-Modified", "Tue, 01 Dec 2026 00:00:00 GMT");
        x.getResponseHeaders().set("Accept-Ranges", "bytes");
        String range = x.getRequestHeaders().getFirst("Range");
        log.add(x.getRequestMethod() + " " + key + (range == null ? "" : " " + range));
        if (x.getRequestMethod().equals("HEAD")) {
            x.getResponseHeaders().set("Content-Length", Long.toString(size));
            x.sendResponseHeaders(200, -1);
            return;
        }
        byte[] all = Files.readAllBytes(f);
        if (range == null) {
            send(x, 200, "application/octet-stream", all);
            return;
        }
        String[] r = range.substring("bytes=".length()).split("-", 2);
        long from;
        long to;
        if (r[0].isEmpty()) { // a suffix: the last N bytes
            from = Math.max(0, size - Long.parseLong(r[1]));
            to = size - 1;
        } else {
            from = Long.parseLong(r[0]);
            to = r[1].isEmpty() ? size - 1 : Math.min(size - 1, Long.parseLong(r[1]));
        }
        byte[] part = java.util.Arrays.copyOfRange(all, (int) from, (int) to + 1);
        x.getResponseHeaders().set("Content-Range", "bytes " + from + "-" + to + "/" + size);
        send(x, 206, "application/octet-stream", part);
    }

    private static String etag(Path f) throws IOException {
        return Integer.toHexString(java.util.Arrays.hashCode(Files.readAllBytes(f)));
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static byte[] error(String code) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code></Error>")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
