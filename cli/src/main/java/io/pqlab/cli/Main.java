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
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(commandLine(), args, out, err);
    }

    /** Runs the command line on {@code cli} (tests add commands to it). */
    static int run(CommandLine cli, String[] args, PrintWriter out, PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
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
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        return cli;
    }

    private static int report(Exception e, CommandLine commandLine, PrintWriter err, boolean debug) {
        if (debug) {
            e.printStackTrace(err);
        }
        Object command = commandLine.getCommand();
        String file = command instanceof HasFile f ? f.file() : null;
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
            err.println(prefix + "cannot read: " + Table.oneLine(String.valueOf(io.getMessage())));
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

    /** A command that reads a file, so that errors can name it. */
    interface HasFile {
        String file();
    }

    /** An error in what the user asked for, said in one line. */
    static final class UserError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UserError(String message) {
            super(message);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"pqlab " + (v == null ? "(development build)" : v)};
        }
    }
}
