package dev.relearn.cli;

/**
 * The "Examples:" footer every command's help ends with: 2 to 4 command lines, each as a user
 * would type it (a line ending in a backslash continues on the next), consistent with README's
 * command table. {@code HelpExamplesTest} parses every one with the current options, so an example
 * that an option change breaks fails the build.
 */
final class Examples {
  /** The footer's heading, after a blank line. */
  static final String HEADING = "%nExamples:%n";

  private Examples() {}
}
