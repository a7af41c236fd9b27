package io.pqlab.io;

/**
 * A {@code Content-Range: bytes first-last/total} header, and the checks a reader makes before it
 * trusts a ranged reply: the server sent the bytes asked for, of the file it was asked about.
 * Shared by the HTTP and object-store sources, so that both refuse the same wrong answers.
 *
 * @param first the first byte sent
 * @param last the last byte sent (inclusive)
 * @param total the file's size, or -1 where the server wrote {@code *}
 */
public record ContentRange(long first, long last, long total) {

    /** Parses the header; null where it is absent or not of the form {@code bytes a-b/n}. */
    public static ContentRange parse(String header) {
        if (header == null) {
            return null;
        }
        String h = header.trim();
        if (!h.regionMatches(true, 0, "bytes ", 0, 6)) {
            return null;
        }
        h = h.substring(6).trim();
        int dash = h.indexOf('-');
        int slash = h.indexOf('/');
        if (dash <= 0 || slash < dash) {
            return null;
        }
        try {
            long first = Long.parseLong(h.substring(0, dash).trim());
            long last = Long.parseLong(h.substring(dash + 1, slash).trim());
            String t = h.substring(slash + 1).trim();
            long total = t.equals("*") ? -1 : Long.parseLong(t);
            if (first < 0 || last < first || (total >= 0 && last >= total)) {
                return null;
            }
            return new ContentRange(first, last, total);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public long length() {
        return last - first + 1;
    }

    /**
     * Checks a reply to a request for [offset, offset + length) of a file of {@code size} bytes
     * (-1 where not yet known), and throws a non-transient {@link RemoteReadException} where it
     * is not that range.
     */
    public static ContentRange check(String header, long offset, long length, long size) throws RemoteReadException {
        ContentRange r = parse(header);
        if (r == null) {
            throw new RemoteReadException("the server answered a range request with 206 but "
                    + (header == null ? "no Content-Range" : "an unreadable Content-Range '" + header + "'"), false);
        }
        if (r.first != offset || r.length() != length) {
            throw new RemoteReadException("the server sent bytes " + r.first + "-" + r.last + " for a request for bytes "
                    + offset + "-" + (offset + length - 1), false);
        }
        checkSize(r, size);
        return r;
    }

    /** Throws where the reply's total differs from the size learned earlier: the file changed. */
    public static void checkSize(ContentRange r, long size) throws RemoteReadException {
        if (size >= 0 && r.total >= 0 && r.total != size) {
            throw new RemoteReadException("the file changed while it was read: its size was " + size
                    + " bytes and is now " + r.total, false);
        }
    }

    /** The range header for [offset, offset + length). */
    public static String request(long offset, long length) {
        return "bytes=" + offset + "-" + (offset + length - 1);
    }
}
