package io.pqlab.cli;

import io.pqlab.FileException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The pqlab command. Exit codes: 0 done, 2 bad input (a malformed or unsupported file, a bad
 * condition, a bad option: one line on stderr), 1 a bug in pqlab (a short request for a report).
 */
@Command(
        name = "pqlab",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Which bytes of a Parquet file can a reader prove it does not need?",
        subcommands = {CommandLine.HelpCommand.class})
public final class Main {
    public static final int OK = 0;
    public static final int BUG = 1;
    public static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        // Buffered, flushed at exit (a row a line to a pipe costs a system call each); a write to a
        // closed pipe throws OutputClosed, which ends the run at once with exit 0, as head expects.
        PrintWriter out = new PrintWriter(new java.io.BufferedWriter(new java.io.OutputStreamWriter(
                new Output(new java.io.FileOutputStream(java.io.FileDescriptor.out)),
                java.nio.charset.StandardCharsets.UTF_8), 1 << 16), false);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(
                new java.io.FileOutputStream(java.io.FileDescriptor.err), java.nio.charset.StandardCharsets.UTF_8), true);
        int code = run(args, out, err);
        try {
            out.flush();
        } catch (OutputClosed e) {
            // the reader has gone: nothing left to say
        }
        err.flush();
        System.exit(code);
    }

    /**
     * Standard output that says when it is closed. A PrintWriter swallows IOExceptions (so a scan
     * piped into {@code head} would go on to the end, writing into nothing); this stream turns them
     * into {@link OutputClosed}, which PrintWriter lets through. Over a file, into the unchecked
     * exception its caller chooses ({@link OutputError}, naming the file).
     */
    static final class Output extends java.io.OutputStream {
        private final java.io.OutputStream out;
        private final java.util.function.Function<IOException, RuntimeException> failure;

        Output(java.io.OutputStream out) {
            this(out, OutputClosed::new);
        }

        Output(java.io.OutputStream out, java.util.function.Function<IOException, RuntimeException> failure) {
            this.out = out;
            this.failure = failure;
        }

        @Override
        public void write(int b) {
            try {
                out.write(b);
            } catch (IOException e) {
                throw failure.apply(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw failure.apply(e);
            }
        }

        @Override
        public void flush() {
            try {
                out.flush();
            } catch (IOException e) {
                throw failure.apply(e);
            }
        }

        @Override
        public void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw failure.apply(e);
            }
        }
    }

    /** Standard output was closed by its reader (a broken pipe): stop, quietly, exit 0. */
    static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed(IOException cause) {
            super("standard output closed", cause);
        }
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(commandLine(), args, out, err);
    }

    /** Runs the command line on {@code cli} (tests add commands to it). */
    static int run(CommandLine cli, String[] args, PrintWriter out, PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
        // No colour, ever: output goes to pipes and files, and escape codes there are noise.
        cli.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        boolean debug = java.util.Arrays.asList(args).contains("--debug");
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> report(e, commandLine, err, debug));
        cli.setParameterExceptionHandler((e, args2) -> {
            err.println("pqlab: " + e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
            err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return BAD_INPUT;
        });
        try {
            return cli.execute(args);
        } catch (OutputClosed e) {
            return OK;
        } catch (StackOverflowError | OutOfMemoryError e) {
            err.println("pqlab: internal error: " + e + ". Please report it, with the command you ran.");
            return BUG;
        }
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        for (Object sub : Commands.all()) {
            cli.addSubcommand(sub);
        }
        // pqlab completion > /etc/bash_completion.d/pqlab, or: source <(pqlab completion)
        CommandLine completion = new CommandLine(new picocli.AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().hidden(false)
                .description("Print a bash (and zsh) completion script: source <(pqlab completion)");
        cli.addSubcommand("completion", completion);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        return cli;
    }

    private static int report(Exception e, CommandLine commandLine, PrintWriter err, boolean debug) {
        if (e instanceof OutputClosed) {
            return OK; // the reader took what it wanted (head): not an error
        }
        if (debug) {
            e.printStackTrace(err);
        }
        Object command = commandLine.getCommand();
        String file = command instanceof HasFile f && !(e instanceof OutputError) ? f.file() : null;
        String prefix = file != null ? "pqlab: " + Table.oneLine(file) + ": " : "pqlab: ";
        if (e instanceof FileException fe) {
            err.println(prefix + Table.oneLine(fe.describe())); // names from the file may hold newlines
            return BAD_INPUT;
        }
        if (e instanceof UserError ue) {
            err.println(prefix + Table.oneLine(ue.getMessage()));
            return BAD_INPUT;
        }
        if (e instanceof NoSuchFileException || e instanceof FileNotFoundException) {
            err.println(prefix + "no such file");
            return BAD_INPUT;
        }
        if (e instanceof AccessDeniedException) {
            err.println(prefix + "permission denied");
            return BAD_INPUT;
        }
        if (e instanceof IOException io) {
            err.println(prefix + "cannot read: " + Table.oneLine(reason(io)));
            return BAD_INPUT;
        }
        String bad = BadInput.describe(e);
        if (bad != null) {
            err.println(prefix + bad);
            return BAD_INPUT;
        }
        err.println("pqlab: internal error: " + Table.oneLine(e.toString())
                + (debug ? "" : " (run with --debug for details)") + ". Please report it, with the command you ran.");
        return BUG;
    }

    /**
     * What went wrong with a file, in words: never "null" (an IOException may have no message)
     * and without the path, which the caller names.
     */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : e.getClass().getSimpleName();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() || m.equals("null") ? e.getClass().getSimpleName() : m;
    }

    /** An output file pqlab could not write: the message names it, not the input. */
    static final class OutputError extends UserError {
        private static final long serialVersionUID = 1L;

        OutputError(java.nio.file.Path out, IOException e) {
            super("cannot write " + out + ": " + (e instanceof NoSuchFileException
                    && out.toAbsolutePath().getParent() != null && !java.nio.file.Files.isDirectory(out.toAbsolutePath().getParent())
                    ? "no such directory " + out.toAbsolutePath().getParent() : reason(e)));
        }
    }

    /** A command that reads a file, so that errors can name it. */
    interface HasFile {
        String file();
    }

    /** An error in what the user asked for, said in one line. */
    static class UserError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UserError(String message) {
            super(message);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"pqlab " + version()};
        }

        /** The project's version, which the build writes into version.properties. */
        static String version() {
            try (java.io.InputStream in = Main.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    java.util.Properties p = new java.util.Properties();
                    p.load(in);
                    String v = p.getProperty("version");
                    if (v != null && !v.isBlank() && !v.startsWith("${")) {
                        return v;
                    }
                }
            } catch (IOException e) {
                // fall through
            }
            return "(unknown version: built without Maven's resource filtering)";
        }
    }
}
