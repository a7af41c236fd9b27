package io.pqlab.io;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A file on an HTTP(S) server, read with ranged GETs (the JDK's HTTP client, HTTP/1.1).
 *
 * <p>The size comes from a HEAD (or from the {@code Content-Range} of a suffix request, which
 * fetches the tail in the same round trip). Every reply is checked before a byte of it is used:
 * a 206 must carry the range asked for and the size learned before (else the file changed); a 200
 * means the server ignored the range and is refused unless the whole file was asked for, without
 * reading its body; a body must hold exactly the bytes asked for. 5xx replies, dropped
 * connections, timeouts and short bodies are retried with backoff ({@link RetryPolicy}); anything
 * else fails at once with a {@link RemoteReadException} saying what the server did.
 *
 * <p>Thread-safe: reads from several threads at once are independent requests; what it learns of the file (size, ETag) is set once under a lock and kept in volatile fields.
 */
public final class HttpSource extends AbstractRemoteSource {
    private final URI uri;
    private final HttpClient client;
    private volatile String etag;
    private volatile String lastModified;

    private HttpSource(URI uri, HttpClient client, RetryPolicy retry) {
        super(retry);
        this.uri = uri;
        this.client = client;
    }

    /** A source for an http:// or https:// URL; nothing is requested until a read. */
    public static HttpSource open(URI uri, RetryPolicy retry) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("not an http:// or https:// URL: " + uri);
        }
        // One client per connect timeout, shared: a client owns a selector thread and a
        // connection pool, which later sources to the same server reuse.
        HttpClient client = CLIENTS.computeIfAbsent(retry.timeout(), t -> HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(t)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build());
        return new HttpSource(uri, client, retry);
    }

    private static final java.util.concurrent.ConcurrentHashMap<Duration, HttpClient> CLIENTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    public static HttpSource open(URI uri) {
        return open(uri, RetryPolicy.DEFAULT);
    }

    @Override
    public String name() {
        return uri.toString();
    }

    public URI uri() {
        return uri;
    }

    /**
     * What identifies this version of the file, once a reply has been seen ({@link #size()} asks
     * for one): {@code etag:<strong ETag>}, else {@code modified:<Last-Modified>}, else null.
     */
    public String version() {
        String e = etag;
        if (e != null) {
            return "etag:" + e;
        }
        String m = lastModified;
        return m == null ? null : "modified:" + m;
    }

    /**
     * Takes the size and strong ETag a listing found as if a reply had said them: no HEAD is then
     * needed, and a reply with another size or ETag fails as a file that changed.
     */
    public HttpSource expecting(long knownSize, String knownEtag) {
        return expecting(knownSize, knownEtag, null);
    }

    /**
     * As {@link #expecting(long, String)}, with the Last-Modified a listing found where the server
     * gave no strong ETag: a reply with another Last-Modified then fails as a file that changed.
     */
    public synchronized HttpSource expecting(long knownSize, String knownEtag, String knownLastModified) {
        if (knownSize < 0) {
            throw new IllegalArgumentException("a negative size");
        }
        sizeIs(knownSize);
        if (knownEtag != null && !knownEtag.startsWith("W/")) {
            etag = knownEtag;
        }
        if (knownLastModified != null) {
            lastModified = knownLastModified;
        }
        return this;
    }

    @Override
    protected long head() throws IOException {
        HttpRequest req = request().method("HEAD", HttpRequest.BodyPublishers.noBody()).build();
        Reply r = send(req, 0, true);
        if (r.status == 405 || r.status == 501) {
            // no HEAD here: the first byte's Content-Range tells the size
            Reply first = send(request().header("Range", ContentRange.request(0, 1)).GET().build(), 1, false);
            if (first.status == 206) {
                ContentRange cr = ContentRange.check(first.headers.firstValue("Content-Range").orElse(null), 0, 1, -1);
                return learn(cr.total(), first.headers);
            }
            r = first;
        }
        if (r.status != 200) {
            throw failure(r, "HEAD");
        }
        long len = r.headers.firstValueAsLong("Content-Length").orElse(-1);
        if (len < 0) {
            throw new RemoteReadException("the server's answer to HEAD has no Content-Length, so the file's size is unknown",
                    false);
        }
        return learn(len, r.headers);
    }

    private synchronized long learn(long total, HttpHeaders headers) throws RemoteReadException {
        if (total < 0) {
            throw new RemoteReadException("the server did not say the file's size (Content-Range total '*')", false);
        }
        long known = knownSize();
        if (known >= 0 && known != total) {
            throw new RemoteReadException("the file changed while it was read: its size was " + known
                    + " bytes and is now " + total, false);
        }
        checkEtag(headers);
        sizeIs(total);
        return total;
    }

    /**
     * A strong ETag that differs from the first one seen (or the listing's) means another version
     * of the file; without strong ETags, so does another Last-Modified. Checked on every reply
     * before its bytes are used.
     */
    private synchronized void checkEtag(HttpHeaders headers) throws RemoteReadException {
        String m = headers.firstValue("Last-Modified").orElse(null);
        if (lastModified == null) {
            lastModified = m;
        }
        String e = headers.firstValue("ETag").orElse(null);
        if (e == null || e.startsWith("W/")) {
            if (etag == null && m != null && !m.equals(lastModified)) {
                throw new RemoteReadException("the file changed while it was read: its Last-Modified was " + lastModified
                        + " and is now " + m, false);
            }
            return;
        }
        String known = etag;
        if (known == null) {
            etag = e;
        } else if (!known.equals(e)) {
            throw new RemoteReadException("the file changed while it was read: its ETag was " + known + " and is now " + e,
                    false);
        }
    }

    @Override
    protected Suffix suffix(int n) throws IOException {
        HttpRequest req = request().header("Range", "bytes=-" + n).GET().build();
        Reply r = send(req, n, false);
        if (r.status == 206) {
            ContentRange cr = ContentRange.parse(r.headers.firstValue("Content-Range").orElse(null));
            if (cr == null || cr.total() < 0 || cr.last() != cr.total() - 1 || cr.length() != Math.min(n, cr.total())) {
                throw new RemoteReadException("the server answered a request for the last " + n + " bytes with "
                        + r.headers.firstValue("Content-Range").map(h -> "Content-Range '" + h + "'").orElse("no Content-Range"),
                        false);
            }
            checkBody(r, (int) cr.length());
            learn(cr.total(), r.headers);
            return new Suffix(cr.total(), r.body);
        }
        if (r.status == 200) {
            // The whole file: acceptable only where it is no longer than the suffix asked for.
            long len = r.headers.firstValueAsLong("Content-Length").orElse(-1);
            if (len >= 0 && len <= n && r.body != null) {
                checkBody(r, (int) len);
                learn(len, r.headers);
                return new Suffix(len, r.body);
            }
            throw ignoredRange(len);
        }
        if (r.status == 416) {
            // an empty file has no last bytes; its size says so
            long s = size();
            if (s == 0) {
                return new Suffix(0, new byte[0]);
            }
        }
        throw failure(r, "GET (last " + n + " bytes)");
    }

    @Override
    protected byte[] range(long offset, int length) throws IOException {
        HttpRequest req = request().header("Range", ContentRange.request(offset, length)).GET().build();
        Reply r = send(req, length, false);
        if (r.status == 206) {
            ContentRange cr = ContentRange.check(r.headers.firstValue("Content-Range").orElse(null), offset, length, knownSize());
            checkBody(r, length);
            if (cr.total() >= 0) {
                learn(cr.total(), r.headers);
            } else {
                checkEtag(r.headers);
            }
            return r.body;
        }
        if (r.status == 200) {
            long len = r.headers.firstValueAsLong("Content-Length").orElse(-1);
            if (offset == 0 && len == length && r.body != null) {
                checkBody(r, length); // the whole file was asked for
                learn(len, r.headers);
                return r.body;
            }
            throw ignoredRange(len);
        }
        throw failure(r, "GET bytes " + offset + "-" + (offset + length - 1));
    }

    private static RemoteReadException ignoredRange(long len) {
        return new RemoteReadException("the server ignored the Range header: it answered 200 with the whole file"
                + (len >= 0 ? " (" + len + " bytes)" : "") + " instead of 206 Partial Content", false);
    }

    private static void checkBody(Reply r, int length) throws RemoteReadException {
        int got = r.body == null ? 0 : r.body.length;
        if (got < length) {
            // a connection that closed early: another try may get it all
            throw new RemoteReadException("short read: the server sent " + got + " of " + length + " bytes", true);
        }
    }

    private RemoteReadException failure(Reply r, String what) throws IOException {
        int s = r.status;
        if (s == 404 || s == 410) {
            throw new NoSuchFileException(uri.toString(), null, "no such file (HTTP " + s + ")");
        }
        if (s == 401 || s == 403) {
            throw new AccessDeniedException(uri.toString(), null, "permission denied (HTTP " + s + ")");
        }
        boolean transientStatus = s >= 500 || s == 429 || s == 408;
        return new RemoteReadException("the server answered " + (what.equals("HEAD") ? "HEAD " : "") + "with HTTP " + s,
                transientStatus);
    }

    private HttpRequest.Builder request() {
        return HttpRequest.newBuilder(uri).timeout(retry.timeout()).header("Accept-Encoding", "identity");
    }

    /** A reply: status, headers, and a body of at most {@code limit} bytes (null where none was read). */
    private record Reply(int status, HttpHeaders headers, byte[] body) {}

    /**
     * Sends a request and reads its reply within the attempt's deadline. Only the body of a 200 or
     * 206 is read, and never more than {@code limit} bytes of it: a reply that would be longer is
     * cut off (the connection is dropped), so a server that ignores the range costs no download.
     */
    private Reply send(HttpRequest req, int limit, boolean head) throws IOException {
        CompletableFuture<HttpResponse<byte[]>> f =
                client.sendAsync(req, info -> head ? HttpResponse.BodySubscribers.replacing(null) : new Limited(info, limit));
        try {
            HttpResponse<byte[]> resp = f.get(retry.timeout().toMillis(), TimeUnit.MILLISECONDS);
            return new Reply(resp.statusCode(), resp.headers(), resp.body());
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new RemoteReadException("no complete answer within " + retry.timeout().toMillis() + " ms", true);
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new RemoteReadException("interrupted", false, e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof TooLong t) {
                throw new RemoteReadException(t.getMessage(), false);
            }
            if (c instanceof HttpTimeoutException) {
                throw new RemoteReadException("no answer within " + retry.timeout().toMillis() + " ms", true, c);
            }
            if (c instanceof java.net.ConnectException) {
                throw new RemoteReadException("cannot connect to " + uri.getHost() + ":" + port() + " ("
                        + String.valueOf(c.getMessage()) + ")", true, c);
            }
            if (c instanceof IOException) {
                // reset, closed early, a reply that is not HTTP: the connection broke
                throw new RemoteReadException("the connection broke: " + c, true, c);
            }
            throw new RemoteReadException("the request failed: " + c, false, c);
        }
    }

    private int port() {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static final class TooLong extends IOException {
        private static final long serialVersionUID = 1L;

        TooLong(String m) {
            super(m);
        }
    }

    /**
     * Collects a body of at most {@code limit} bytes for a 200 or 206; other replies keep no body,
     * and a 200 longer than the limit is refused before any of it is read.
     */
    private static final class Limited implements HttpResponse.BodySubscriber<byte[]> {
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final int limit;
        private final boolean keep;
        private final boolean refuse;
        private byte[] buf;
        private int n;
        private Flow.Subscription subscription;

        Limited(HttpResponse.ResponseInfo info, int limit) {
            this.limit = limit;
            int s = info.statusCode();
            long declared = info.headers().firstValueAsLong("Content-Length").orElse(-1);
            this.keep = s == 200 || s == 206;
            // a 200 longer than asked for is a server that ignored the range: do not download it
            this.refuse = s == 200 && (declared < 0 || declared > limit);
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (refuse) {
                s.cancel();
                result.complete(null);
                return;
            }
            buf = new byte[keep ? limit : 0];
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (result.isDone()) {
                return;
            }
            for (ByteBuffer b : items) {
                int r = b.remaining();
                if (!keep) {
                    continue; // an error reply's body is not kept
                }
                if (r > limit - n) {
                    subscription.cancel();
                    result.completeExceptionally(new TooLong("the server sent more than the " + limit + " bytes asked for"));
                    return;
                }
                b.get(buf, n, r);
                n += r;
            }
        }

        @Override
        public void onError(Throwable t) {
            result.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            if (!keep) {
                result.complete(null);
            } else {
                result.complete(n == buf.length ? buf : java.util.Arrays.copyOf(buf, n));
            }
        }
    }

    @Override
    public String toString() {
        return "HttpSource[" + uri + "]";
    }
}
