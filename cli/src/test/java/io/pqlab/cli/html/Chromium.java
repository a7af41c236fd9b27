package io.pqlab.cli.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium driven over the Chrome DevTools protocol, with nothing but the JDK's
 * WebSocket client and Jackson: enough to load a page, run script in it, move the mouse, take a
 * screenshot and hear about script errors, console errors and network requests.
 *
 * <p>Finding the browser: {@code PQLAB_CHROMIUM}, else chromium (or chromium-browser,
 * google-chrome) on the PATH; where there is none, Debian's {@code chromium} package is
 * installed with apt-get (as root). Where that fails too, {@link #findOrInstall} throws: a test
 * that cannot look at the page fails rather than passes.
 */
final class Chromium implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome",
            "google-chrome-stable");
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final long TIMEOUT_S = 30;

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<Consumer<JsonNode>> listeners = new CopyOnWriteArrayList<>();

    private Chromium(Process process, Path profile, WebSocket socket) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    /** The browser binary: found, or installed from Debian's packages; never a silent absence. */
    static Path findOrInstall() throws IOException, InterruptedException {
        Path found = find();
        if (found != null) {
            return found;
        }
        StringBuilder log = new StringBuilder();
        // Try without refreshing the package lists first; refresh and retry if that fails.
        if (!apt(log, "apt-get", "install", "-y", "--no-install-recommends", "chromium")) {
            apt(log, "apt-get", "update");
            apt(log, "apt-get", "install", "-y", "--no-install-recommends", "chromium");
        }
        found = find();
        if (found == null) {
            throw new IllegalStateException("No Chromium to render the page map with: none at PQLAB_CHROMIUM or on "
                    + "the PATH, even after trying to install Debian's chromium package (as root: apt-get install -y "
                    + "chromium; or set PQLAB_CHROMIUM to a Chromium binary). apt-get said:\n"
                    + tail(log.toString(), 2000));
        }
        return found;
    }

    private static Path find() {
        String env = System.getenv("PQLAB_CHROMIUM");
        if (env != null && !env.isBlank()) {
            Path p = Path.of(env);
            return Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String name : NAMES) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    private static boolean apt(StringBuilder log, String... command) throws InterruptedException {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
            Process p = pb.start();
            log.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            return p.waitFor() == 0;
        } catch (IOException e) {
            log.append(String.join(" ", command)).append(": ").append(e.getMessage()).append('\n');
            return false;
        }
    }

    private static String tail(String s, int n) {
        return s.length() <= n ? s : "..." + s.substring(s.length() - n);
    }

    /** Starts a headless browser with a new, empty profile and connects to it. */
    static Chromium launch(Path binary) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("pqlab-chromium-");
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank"));
        Process process = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        CompletableFuture<String> url = new CompletableFuture<>();
        StringBuilder err = new StringBuilder();
        Thread reader = new Thread(() -> {
            // Keeps draining stderr for the browser's life, so that it never blocks on a full pipe.
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        url.complete(m.group(1));
                    } else if (!url.isDone()) {
                        synchronized (err) {
                            err.append(line).append('\n');
                        }
                    }
                }
            } catch (IOException ignored) {
                // the browser went away
            }
            url.completeExceptionally(new IOException("Chromium exited before listening"));
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        String ws;
        try {
            ws = url.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            process.destroyForcibly();
            String said;
            synchronized (err) {
                said = err.toString();
            }
            throw new IOException("Chromium did not start (" + e + "); it said:\n" + tail(said, 2000), e);
        }
        java.util.concurrent.atomic.AtomicReference<Chromium> self = new java.util.concurrent.atomic.AtomicReference<>();
        WebSocket socket;
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create(ws), new WebSocket.Listener() {
                        private final StringBuilder buffer = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                            buffer.append(data);
                            if (last) {
                                String text = buffer.toString();
                                buffer.setLength(0);
                                // Nothing arrives before the first command, which is sent once self is set.
                                Chromium c = self.get();
                                if (c != null) {
                                    c.receive(text);
                                }
                            }
                            webSocket.request(1);
                            return null;
                        }
                    }).get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            process.destroyForcibly();
            throw new IOException("cannot connect to Chromium at " + ws, e);
        }
        Chromium c = new Chromium(process, profile, socket);
        self.set(c);
        return c;
    }

    private void receive(String text) {
        JsonNode msg;
        try {
            msg = JSON.readTree(text);
        } catch (IOException e) {
            return;
        }
        if (msg.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
            if (f != null) {
                if (msg.has("error")) {
                    f.completeExceptionally(new IllegalStateException("DevTools error: " + msg.get("error")));
                } else {
                    f.complete(msg.path("result"));
                }
            }
        } else {
            for (Consumer<JsonNode> l : listeners) {
                l.accept(msg);
            }
        }
    }

    /** Sends a command (to a page's session where sessionId is set) and waits for its result. */
    JsonNode send(String sessionId, String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode();
        msg.put("id", id);
        msg.put("method", method);
        msg.set("params", params == null ? JSON.createObjectNode() : params);
        if (sessionId != null) {
            msg.put("sessionId", sessionId);
        }
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        try {
            synchronized (socket) {
                socket.sendText(msg.toString(), true).get(TIMEOUT_S, TimeUnit.SECONDS);
            }
            return f.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            pending.remove(id);
            throw new IllegalStateException(method + " failed: " + e.getMessage(), e);
        }
    }

    static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** A new tab of the given size. */
    Tab open(int width, int height) {
        String target = send(null, "Target.createTarget", params().put("url", "about:blank")).get("targetId").asText();
        String session = send(null, "Target.attachToTarget", params().put("targetId", target).put("flatten", true))
                .get("sessionId").asText();
        Tab tab = new Tab(target, session);
        listeners.add(tab::event);
        for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
            send(session, domain + ".enable", null);
        }
        send(session, "Emulation.setDeviceMetricsOverride", params().put("width", width).put("height", height)
                .put("deviceScaleFactor", 1).put("mobile", false));
        return tab;
    }

    /** One page: what it said on its console, what it threw, what it asked the network for. */
    final class Tab {
        final String targetId;
        final String sessionId;
        final List<String> problems = new CopyOnWriteArrayList<>();
        final List<String> requests = new CopyOnWriteArrayList<>();
        private volatile CompletableFuture<Void> loaded = new CompletableFuture<>();

        private Tab(String targetId, String sessionId) {
            this.targetId = targetId;
            this.sessionId = sessionId;
        }

        private void event(JsonNode msg) {
            if (!sessionId.equals(msg.path("sessionId").asText())) {
                return;
            }
            String method = msg.path("method").asText();
            JsonNode p = msg.path("params");
            switch (method) {
                case "Page.loadEventFired" -> loaded.complete(null);
                case "Runtime.exceptionThrown" -> problems.add("exception: "
                        + p.path("exceptionDetails").path("exception").path("description").asText(
                                p.path("exceptionDetails").path("text").asText()));
                case "Runtime.consoleAPICalled" -> {
                    String type = p.path("type").asText();
                    if (type.equals("error") || type.equals("warning") || type.equals("assert")) {
                        problems.add("console." + type + ": " + p.path("args"));
                    }
                }
                case "Log.entryAdded" -> {
                    String level = p.path("entry").path("level").asText();
                    if (level.equals("error") || level.equals("warning")) {
                        problems.add("log " + level + ": " + p.path("entry").path("text").asText() + " "
                                + p.path("entry").path("url").asText());
                    }
                }
                case "Network.requestWillBeSent" -> requests.add(p.path("request").path("url").asText());
                default -> { }
            }
        }

        /** Loads a URL and waits for its load event. */
        void navigate(String url) throws Exception {
            loaded = new CompletableFuture<>();
            JsonNode r = send(sessionId, "Page.navigate", params().put("url", url));
            if (r.hasNonNull("errorText")) {
                throw new IllegalStateException("cannot load " + url + ": " + r.get("errorText").asText());
            }
            loaded.get(TIMEOUT_S, TimeUnit.SECONDS);
        }

        /** Runs an expression in the page and returns its value as JSON. */
        JsonNode eval(String expression) {
            JsonNode r = send(sessionId, "Runtime.evaluate", params().put("expression", expression)
                    .put("returnByValue", true).put("awaitPromise", true));
            if (r.has("exceptionDetails")) {
                throw new IllegalStateException("script failed: " + r.get("exceptionDetails"));
            }
            return r.path("result").path("value");
        }

        /** Moves the mouse to a point of the viewport, as a person's pointer would. */
        void mouseMove(double x, double y) {
            send(sessionId, "Input.dispatchMouseEvent", params().put("type", "mouseMoved").put("x", x).put("y", y));
        }

        /** The whole page as a PNG. */
        byte[] screenshot() {
            JsonNode metrics = send(sessionId, "Page.getLayoutMetrics", null);
            JsonNode size = metrics.path("cssContentSize");
            ObjectNode clip = params().put("x", 0).put("y", 0).put("width", size.path("width").asDouble())
                    .put("height", size.path("height").asDouble()).put("scale", 1);
            ObjectNode p = params().put("format", "png").put("captureBeyondViewport", true);
            p.set("clip", clip);
            return Base64.getDecoder().decode(send(sessionId, "Page.captureScreenshot", p).get("data").asText());
        }

        void close() {
            send(null, "Target.closeTarget", params().put("targetId", targetId));
        }
    }

    @Override
    public void close() throws IOException {
        try {
            send(null, "Browser.close", null);
        } catch (RuntimeException ignored) {
            // it may close the socket before it answers
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        socket.abort();
        deleteTree(profile);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // the browser may still be writing: a temporary directory, left for the system
                }
            });
        }
    }
}
