package dev.relearn.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.apache.lucene.util.IOSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every relearn subcommand shares: {@code --help} and {@code --version}, the footer of 2 to
 * 4 examples (which {@code HelpExamplesTest} parses), the spec, the output, JSON written one way,
 * and usage errors (exit code 2) that name the bad value.
 */
@Command(mixinStandardHelpOptions = true, footerHeading = CliCommand.EXAMPLES)
abstract class CliCommand implements Callable<Integer> {
  /** The footer's heading, after a blank line. */
  static final String EXAMPLES = "%nExamples:%n";

  /** Indented; record components in snake_case, as every JSON output of relearn. */
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  @Spec CommandSpec spec;

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  PrintWriter err() {
    return spec.commandLine().getErr();
  }

  /** {@code value} as one JSON object. */
  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON for " + value.getClass().getName(), e);
    }
  }

  /** {@link Errors#check} for this command. */
  <T> T check(IOSupplier<T> value) throws IOException {
    return Errors.check(spec, value);
  }

  /** {@link Errors#require} for this command. */
  void require(boolean ok, String message) {
    Errors.require(spec, ok, message);
  }

  /** Whether the user gave {@code option}. */
  boolean given(String option) {
    return spec.commandLine().getParseResult().hasMatchedOption(option);
  }

  /** A command that can print one JSON object instead of text. */
  abstract static class WithJson extends CliCommand {
    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;
  }
}
