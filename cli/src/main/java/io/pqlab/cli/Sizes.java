package io.pqlab.cli;

import java.util.Locale;

/**
 * Sizes and rates as people write them: 8192, 8KiB, 64KB, 2MiB, 100MB. One rule for every option
 * (--prefetch, --coalesce, --bandwidth): KiB, MiB, GiB are powers of 1024, KB, MB, GB (and k, m,
 * g) powers of 1000, so 1MB is the same number of bytes in each.
 */
final class Sizes {
    private Sizes() {}

    /** A byte count. */
    static long parse(String text, String option) {
        return parse(text, option, 1000);
    }

    /** A rate in bytes per second, with the units of {@link #parse} and an optional "/s". */
    static long parseRate(String text, String option) {
        String t = text.trim();
        if (t.toLowerCase(Locale.ROOT).endsWith("/s")) {
            t = t.substring(0, t.length() - 2);
        }
        return parse(t, option, 1000);
    }

    private static long parse(String text, String option, long kilo) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "").replace(",", "");
        long unit = 1;
        String[][] units = {{"kib", "1024"}, {"mib", "1048576"}, {"gib", "1073741824"}, {"kb", ""}, {"mb", ""},
                {"gb", ""}, {"k", ""}, {"m", ""}, {"g", ""}, {"b", "1"}};
        for (String[] u : units) {
            if (t.endsWith(u[0])) {
                t = t.substring(0, t.length() - u[0].length()).trim();
                unit = !u[1].isEmpty() ? Long.parseLong(u[1])
                        : u[0].charAt(0) == 'k' ? kilo : u[0].charAt(0) == 'm' ? kilo * kilo : kilo * kilo * kilo;
                break;
            }
        }
        try {
            long n = Long.parseLong(t);
            if (n < 0 || n > Long.MAX_VALUE / unit) {
                throw new NumberFormatException();
            }
            return n * unit;
        } catch (NumberFormatException e) {
            throw new Main.UserError(option + ": '" + text + "' is not a size (write 8192, 8KiB, 2MiB)");
        }
    }
}
