package dev.relearn.lucene.schema;

import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Parses the lower-case labels that relearn's enums use in JSON and on the command line. */
public final class Labels {
  private Labels() {}

  /**
   * The one of {@code values} whose label is {@code label}, ignoring case.
   *
   * @param what what a value is, for the error: {@code "chunk kind"}
   * @throws IllegalArgumentException {@code unknown <what>: '<label>'; expected one of <labels>}
   */
  public static <E> E parse(E[] values, Function<E, String> labelOf, String what, String label) {
    for (E value : values) {
      if (labelOf.apply(value).equalsIgnoreCase(label)) {
        return value;
      }
    }
    throw new IllegalArgumentException("unknown " + what + ": '" + label + "'; expected one of "
        + Arrays.stream(values).map(labelOf).collect(Collectors.joining(", ")));
  }
}
