package io.pqlab.internal.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ResourceHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.resource.ResourceFactory;
import org.eclipse.jetty.util.thread.Invocable.InvocationType;

/**
 * Jetty on loopback serving a directory with its own Range support (ResourceHandler: an
 * implementation of ranges independent of pqlab's), logging every request it answers, and able to
 * misbehave on demand: a 5xx, the whole file for a range, a short body, a dropped connection, a
 * slow reply, a wrong Content-Range.
 */
public final class RangeServer extends FaultyServer<RangeServer.Logged, RangeServer.Fault> {
    /** What the server does to the next requests. */
    public enum Fault {
        STATUS_503, WHOLE_FILE, SHORT_BODY, DROP, SLOW, WRONG_RANGE,
        /** A 500 with an error page. */
        STATUS_500,
        /** A 206 whose headers agree with a body half as long as the range it claims (a cut proxy). */
        TRUNCATED
    }

    /**
     * One request as the server saw it, logged when it arrived (so that a client that has its
     * answer finds it logged): method, path, Range header, and the bytes [first, last] a correct
     * answer holds (-1 for a HEAD).
     */
    public record Logged(String method, String path, String range, long first, long last) {}

    private final Server server;
    private final Path root;

    public RangeServer(Path root) throws Exception {
        this.root = root.toAbsolutePath().normalize();
        server = new Server();
        ServerConnector c = new ServerConnector(server);
        c.setHost("127.0.0.1");
        c.setPort(0);
        server.addConnector(c);
        ResourceHandler files = new ResourceHandler() {
            // no content cache: Jetty's default serves what it cached for up to a second after a
            // file changed, and tests change files to see what a reader does about it
            @Override
            protected org.eclipse.jetty.http.content.HttpContent.Factory newHttpContentFactory(
                    org.eclipse.jetty.io.ByteBufferPool.Sized pool) {
                return new org.eclipse.jetty.http.content.ResourceHttpContentFactory(getBaseResource(), getMimeTypes(),
                        pool);
            }
        };
        files.setBaseResource(ResourceFactory.of(server).newResource(this.root));
        files.setDirAllowed(false);
        files.setAcceptRanges(true);
        files.setEtags(true);
        server.setHandler(new Faulty(files));
        server.start();
    }

    /** The URL of a file under the root. */
    public String url(Path file) {
        Path rel = root.relativize(file.toAbsolutePath().normalize());
        return "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort() + "/"
                + rel.toString().replace('\\', '/');
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    private final class Faulty extends Handler.Wrapper {
        Faulty(Handler h) {
            super(h);
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.BLOCKING; // it sleeps: never on a selector thread
        }

        @Override
        public boolean handle(Request req, Response resp, Callback cb) throws Exception {
            String method = req.getMethod();
            String path = Request.getPathInContext(req);
            String range = req.getHeaders().get(HttpHeader.RANGE);
            Path file = root.resolve(path.substring(1)).normalize();
            long size = Files.isRegularFile(file) ? Files.size(file) : -1;
            long[] r = method.equals("HEAD") || size < 0 ? new long[] {-1, -1} : parse(range, size);
            log.add(new Logged(method, path, range, r[0], r[1]));
            Fault f = next(path);
            if (f == null || f == Fault.SLOW || size < 0) {
                if (f == Fault.SLOW) {
                    Thread.sleep(slowMillis);
                }
                return super.handle(req, resp, cb);
            }
            byte[] bytes = Files.readAllBytes(file);
            switch (f) {
                case STATUS_503 -> Response.writeError(req, resp, cb, 503);
                case STATUS_500 -> Response.writeError(req, resp, cb, 500);
                case TRUNCATED -> {
                    long len = r[1] - r[0] + 1;
                    resp.setStatus(206);
                    resp.getHeaders().put(HttpHeader.CONTENT_RANGE, "bytes " + r[0] + "-" + r[1] + "/" + bytes.length);
                    resp.getHeaders().put(HttpHeader.CONTENT_LENGTH, len / 2);
                    resp.write(true, ByteBuffer.wrap(bytes, (int) r[0], (int) (len / 2)), cb);
                }
                case WHOLE_FILE -> {
                    resp.setStatus(200);
                    resp.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
                    resp.write(true, ByteBuffer.wrap(bytes), cb);
                }
                case WRONG_RANGE -> {
                    long first = r[0] + 1;
                    long last = Math.min(bytes.length - 1, r[1] + 1);
                    resp.setStatus(206);
                    resp.getHeaders().put(HttpHeader.CONTENT_RANGE, "bytes " + first + "-" + last + "/" + bytes.length);
                    resp.getHeaders().put(HttpHeader.CONTENT_LENGTH, last - first + 1);
                    resp.write(true, ByteBuffer.wrap(bytes, (int) first, (int) (last - first + 1)), cb);
                }
                case SHORT_BODY -> {
                    long len = r[1] - r[0] + 1;
                    resp.setStatus(206);
                    resp.getHeaders().put(HttpHeader.CONTENT_RANGE, "bytes " + r[0] + "-" + r[1] + "/" + bytes.length);
                    resp.getHeaders().put(HttpHeader.CONTENT_LENGTH, len);
                    // half the body, then the connection goes away
                    resp.write(false, ByteBuffer.wrap(bytes, (int) r[0], (int) (len / 2)), Callback.from(
                            () -> cb.failed(new IOException("short body on purpose")), cb::failed));
                }
                case DROP -> {
                    req.getConnectionMetaData().getConnection().getEndPoint().close();
                    cb.failed(new IOException("dropped on purpose"));
                }
                default -> throw new IllegalStateException();
            }
            return true;
        }
    }

    /** [first, last] of a single Range header (or the whole file). */
    static long[] parse(String range, long size) {
        if (range == null || !range.startsWith("bytes=")) {
            return new long[] {0, size - 1};
        }
        String spec = range.substring(6);
        int dash = spec.indexOf('-');
        if (dash == 0) {
            long n = Long.parseLong(spec.substring(1));
            return new long[] {Math.max(0, size - n), size - 1};
        }
        long first = Long.parseLong(spec.substring(0, dash));
        String end = spec.substring(dash + 1);
        long last = end.isEmpty() ? size - 1 : Math.min(size - 1, Long.parseLong(end));
        return new long[] {first, last};
    }
}
