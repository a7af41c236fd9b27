package io.pqlab.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** DuckDB over JDBC, the way the benchmarks use it: an in-memory database per connection. */
public final class Duck {
    private Duck() {}

    /**
     * A fresh in-memory database: nothing cached from an earlier query (DuckDB's external file
     * cache and metadata cache live in the database instance). {@code threads} bounds DuckDB's
     * parallelism; 0 keeps its default (one thread per core).
     */
    public static Connection connect(int threads) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        if (threads > 0) {
            try (Statement s = c.createStatement()) {
                s.execute("SET threads = " + threads);
            }
        }
        return c;
    }

    /** A path as an SQL string literal. */
    public static String literal(Path p) {
        return "'" + p.toAbsolutePath().toString().replace("'", "''") + "'";
    }

    /** The select list every benchmark returns: every column, the timestamp as its micros. */
    public static final String COLUMNS =
        "order_id, customer_id, country, amount_cents, epoch_us(created_at) AS created_at, note";
}
