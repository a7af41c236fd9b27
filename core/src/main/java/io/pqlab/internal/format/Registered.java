package io.pqlab.internal.format;

/**
 * A value a public class hands pqlab's internal code when it is initialised (the JDK's "shared
 * secrets" pattern): how {@code ParquetFile} and {@code Scan} offer internal callers an entry
 * that takes internal types without a public method that does. Set once; read after the owner is
 * initialised.
 */
public final class Registered<T> {
    private final String owner;
    private final ClassLoader loader;
    private volatile T value;

    /** @param owner the class whose static initialiser calls {@link #set} */
    public Registered(Class<?> owner) {
        this.owner = owner.getName();
        this.loader = owner.getClassLoader();
    }

    public void set(T v) {
        if (value != null) {
            throw new IllegalStateException(owner + " has already registered its entry");
        }
        value = v;
    }

    /** The value, initialising the owner first where it has not been (which sets it). */
    public T get() {
        T v = value;
        if (v == null) {
            try {
                Class.forName(owner, true, loader);
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
            v = value;
        }
        return v;
    }
}
