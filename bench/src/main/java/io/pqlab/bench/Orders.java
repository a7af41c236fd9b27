package io.pqlab.bench;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The orders data set: every row is a pure function of (seed, row number), so the sorted and the
 * shuffled file hold the same rows, and the condition suite can name values that certainly exist
 * (or certainly do not) without reading the files.
 *
 * <ul>
 *   <li>order_id = 2*i + 1: unique, odd, so every even value inside [min, max] is absent;
 *   <li>customer_id in [1, customers], never a multiple of 7 (absent values only a Bloom filter or
 *       a full read can refute), about 4 orders per customer spread over the whole file;
 *   <li>country: 39 codes with a Zipf-like skew, "IS" rare (0.05 %), "IT" never (absent but inside
 *       [min, max]: only the dictionary can refute it);
 *   <li>amount_cents: nullable, 1 % nulls scattered, else 50 .. 500_049;
 *   <li>created_at: TIMESTAMP(MICROS, UTC), increasing with order_id over 2024 plus up to a minute
 *       of jitter;
 *   <li>note: nullable, null exactly on a band of 0.2 % of the order ids (clustered in the sorted
 *       file, scattered in the shuffled one), else 20-200 ASCII chars of words.
 * </ul>
 */
public final class Orders {
    public static final long EPOCH_MICROS = Instant.parse("2024-01-01T00:00:00Z").getEpochSecond() * 1_000_000L;
    public static final long SPAN_MICROS = 366L * 24 * 3600 * 1_000_000L;
    public static final long DAY_MICROS = 24L * 3600 * 1_000_000L;
    static final long JITTER_MICROS = 60_000_000L;
    public static final int AMOUNT_MIN = 50;
    public static final int AMOUNT_RANGE = 500_000;

    /** Present countries, most frequent first; "IS" is drawn apart with a tiny probability. */
    static final String[] COUNTRIES = {
        "US", "DE", "GB", "FR", "JP", "CN", "IN", "BR", "CA", "AU", "ES", "NL", "SE", "PL", "MX", "KR",
        "CH", "BE", "AT", "NO", "DK", "FI", "IE", "PT", "CZ", "GR", "HU", "RO", "NZ", "SG", "ZA", "AR",
        "CL", "CO", "TR", "IL", "TH", "MY", "PH"};
    public static final String RARE_COUNTRY = "IS";
    public static final String ABSENT_COUNTRY = "IT";
    private static final int RARE_PER_MILLION = 500;
    private static final int[] COUNTRY_CUMULATIVE = new int[COUNTRIES.length];
    private static final byte[][] COUNTRY_BYTES = new byte[COUNTRIES.length + 1][];

    static {
        double total = 0;
        for (int k = 0; k < COUNTRIES.length; k++) {
            total += 1.0 / (k + 1);
        }
        double acc = 0;
        for (int k = 0; k < COUNTRIES.length; k++) {
            acc += 1.0 / (k + 1);
            COUNTRY_CUMULATIVE[k] = (int) Math.round(acc / total * (1_000_000 - RARE_PER_MILLION));
            COUNTRY_BYTES[k] = COUNTRIES[k].getBytes(StandardCharsets.US_ASCII);
        }
        COUNTRY_CUMULATIVE[COUNTRIES.length - 1] = 1_000_000 - RARE_PER_MILLION;
        COUNTRY_BYTES[COUNTRIES.length] = RARE_COUNTRY.getBytes(StandardCharsets.US_ASCII);
    }

    private static final String[] WORDS = (
        "order shipped delayed customer gift wrap fragile express standard return refund exchange"
        + " warehouse north south east west priority bulk sample invoice paid pending cancelled"
        + " blue red green large small medium box pallet crate courier pickup dropoff weekend"
        + " morning evening note please call before delivery leave at door signature required"
        + " discount coupon loyalty member first second third reorder subscription monthly yearly")
        .split(" ");
    private static final byte[][] WORD_BYTES = new byte[WORDS.length][];

    static {
        for (int k = 0; k < WORDS.length; k++) {
            WORD_BYTES[k] = WORDS[k].getBytes(StandardCharsets.US_ASCII);
        }
    }

    public static final MessageType SCHEMA = Types.buildMessage()
        .required(PrimitiveTypeName.INT64).named("order_id")
        .required(PrimitiveTypeName.INT64).named("customer_id")
        .required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("country")
        .optional(PrimitiveTypeName.INT64).named("amount_cents")
        .required(PrimitiveTypeName.INT64)
            .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS)).named("created_at")
        .optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named("note")
        .named("orders");

    public final long rows;
    public final long seed;
    public final long customers;

    public Orders(long rows, long seed) {
        if (rows < 1000) {
            throw new IllegalArgumentException("at least 1000 rows, got " + rows);
        }
        this.rows = rows;
        this.seed = seed;
        this.customers = Math.max(1000, rows / 4);
    }

    /** One row, filled in place (no allocation per row except the note's bytes). */
    public static final class Row {
        public long orderId;
        public long customerId;
        public int countryIndex;
        public boolean amountNull;
        public long amountCents;
        public long createdAt;
        public byte[] note; // null when the note is null
        private final byte[] scratch = new byte[256];

        public String country() {
            return countryIndex == COUNTRIES.length ? RARE_COUNTRY : COUNTRIES[countryIndex];
        }

        public byte[] countryBytes() {
            return COUNTRY_BYTES[countryIndex];
        }
    }

    /** splitmix64's finalizer: a bijective 64-bit mix. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static final long GOLDEN = 0x9e3779b97f4a7c15L;

    public long orderId(long i) {
        return 2 * i + 1;
    }

    /** The row with order number i (0-based), independent of any other row. */
    public void fill(long i, Row r) {
        long h = mix(seed * GOLDEN ^ mix(i + GOLDEN));
        r.orderId = orderId(i);
        r.customerId = customerOf(h);
        h = mix(h + GOLDEN);
        int c = (int) ((h >>> 1) % 1_000_000);
        if (c >= 1_000_000 - RARE_PER_MILLION) {
            r.countryIndex = COUNTRIES.length;
        } else {
            int k = 0;
            while (COUNTRY_CUMULATIVE[k] <= c) {
                k++;
            }
            r.countryIndex = k;
        }
        h = mix(h + GOLDEN);
        r.amountNull = (h >>> 1) % 100 == 0;
        r.amountCents = AMOUNT_MIN + (h >>> 8) % AMOUNT_RANGE;
        h = mix(h + GOLDEN);
        r.createdAt = createdAtBase(i) + (h >>> 1) % JITTER_MICROS;
        h = mix(h + GOLDEN);
        if (noteIsNull(i)) {
            r.note = null;
        } else {
            int len = 20 + (int) ((h >>> 1) % 181);
            byte[] b = r.scratch;
            int n = 0;
            while (n < len) {
                h = mix(h + GOLDEN);
                byte[] w = WORD_BYTES[(int) ((h >>> 1) % WORD_BYTES.length)];
                if (n > 0) {
                    b[n++] = ' ';
                }
                for (int k = 0; k < w.length && n < len; k++) {
                    b[n++] = w[k];
                }
            }
            r.note = java.util.Arrays.copyOf(b, len);
        }
    }

    private long customerOf(long h) {
        long nonMultiples = customers - customers / 7;
        long u = (h >>> 1) % nonMultiples;
        return u + u / 6 + 1; // the u-th positive integer that is not a multiple of 7
    }

    public long createdAtBase(long i) {
        return EPOCH_MICROS + (long) ((double) i / rows * SPAN_MICROS);
    }

    /** First order number of the null-note band. */
    public long noteNullFrom() {
        return rows * 2 / 5;
    }

    public long noteNullTo() {
        return noteNullFrom() + Math.max(1, rows / 500);
    }

    public boolean noteIsNull(long i) {
        return i >= noteNullFrom() && i < noteNullTo();
    }
}
