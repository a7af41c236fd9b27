package io.pqlab.internal.stats;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application and version in a file's created_by, such as
 * {@code parquet-mr version 1.12.3 (build f8dced...)}. Known writer bugs are guarded by version,
 * as parquet-java and Arrow do.
 */
public record WriterVersion(String application, int major, int minor, int patch, String raw) {
    private static final Pattern FORM =
            Pattern.compile("^\\s*(\\S+)\\s+version\\s+(\\d+)\\.(\\d+)(?:\\.(\\d+))?(\\S*)(?:\\s.*)?$",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** Parses created_by; null when absent or not of the form "app version x.y.z". */
    public static WriterVersion parse(String createdBy) {
        if (createdBy == null) {
            return null;
        }
        Matcher m = FORM.matcher(createdBy);
        if (!m.matches()) {
            return null;
        }
        try {
            int major = Integer.parseInt(m.group(2));
            int minor = Integer.parseInt(m.group(3));
            int patch = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
            return new WriterVersion(m.group(1), major, minor, patch, createdBy);
        } catch (NumberFormatException e) {
            return null; // digits beyond an int: not a version we can place
        }
    }

    /** Whether this is the given application at a version before major.minor.patch. */
    public boolean isBefore(String app, int major, int minor, int patch) {
        if (!application.equalsIgnoreCase(app)) {
            return false;
        }
        if (this.major != major) {
            return this.major < major;
        }
        if (this.minor != minor) {
            return this.minor < minor;
        }
        return this.patch < patch;
    }
}
