package dev.relearn.server.http;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.core.type.TypeReference;
import com.sun.net.httpserver.HttpExchange;
import dev.relearn.server.text.StrictUtf8;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.util.Locale;
import java.util.Map;

/** Reads request bodies as JSON objects within the configured limits, and writes JSON. */
final class JsonBodies {
  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};
  private final ObjectMapper reader;
  private final ObjectMapper writer = new ObjectMapper() // records' components in snake_case
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
  private final int maxBodyBytes;
  private final int maxDepth;
  private final NetworkDeadlines deadlines;

  /** Reads bodies within {@code config}'s limits, each within {@code deadlines}' time limit. */
  JsonBodies(HttpApiConfig config, NetworkDeadlines deadlines) {
    this.deadlines = deadlines;
    this.maxBodyBytes = config.maxBodyBytes();
    this.maxDepth = config.maxDepth();
    JsonFactory factory = JsonFactory.builder()
        .streamReadConstraints(StreamReadConstraints.builder()
            .maxNestingDepth(config.maxDepth()).build())
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();
    this.reader = new ObjectMapper(factory)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }

  /**
   * The request's body as a JSON object.
   *
   * @throws ApiException 415 unless declared {@code application/json} (UTF-8), 413 past the size
   *     limit, 400 for an empty body (read as {@code {}} it would reset all weights), one not
   *     strict UTF-8, or malformed, too deeply nested or non-object JSON
   */
  Map<String, Object> readObject(HttpExchange exchange) throws IOException {
    requireJson(exchange.getRequestHeaders().getFirst("Content-Type"));
    String length = exchange.getRequestHeaders().getFirst("Content-Length");
    if (length != null) {
      long declared = parseLength(length);
      if (declared > maxBodyBytes) {
        throw ApiException.tooLarge(declared, maxBodyBytes);
      }
    }
    InputStream in = exchange.getRequestBody(); // closed with the exchange
    // up to one byte past the limit; a body that ends early is the connection's failure
    byte[] body = deadlines.network(() -> in.readNBytes(maxBodyBytes + 1));
    if (body.length > maxBodyBytes) {
      throw ApiException.tooLarge(-1, maxBodyBytes);
    }
    JsonNode node;
    try {
      String text = StrictUtf8.decode(body); // Jackson's bytes are lenient
      // a byte order mark (PowerShell 5 writes one) may be ignored (RFC 8259, section 8.1)
      node = reader.readTree(text.startsWith("\uFEFF") ? text.substring(1) : text);
    } catch (StrictUtf8.InvalidUtf8Exception e) {
      throw new ApiException(400, "the body is " + e.getMessage());
    } catch (StreamConstraintsException e) {
      throw new ApiException(400, beyondLimit(e));
    } catch (JsonProcessingException e) {
      throw new ApiException(400, "malformed JSON: " + describe(e));
    }
    if (node == null || node.isMissingNode()) { // no bytes, or only white space
      throw new ApiException(400, "the body is empty; send a JSON object ({} for no fields)");
    }
    if (!node.isObject()) {
      throw new ApiException(400, "the body must be a JSON object, got: "
          + node.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    return reader.convertValue(node, OBJECT);
  }

  /** The JSON text of {@code value} as UTF-8 bytes. */
  byte[] write(Object value) {
    try {
      return writer.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON for " + value.getClass().getName(), e);
    }
  }

  private static void requireJson(String contentType) {
    if (contentType == null) {
      throw ApiException.unsupportedMediaType(null);
    }
    String[] parts = contentType.split(";");
    if (!parts[0].strip().equalsIgnoreCase("application/json")) {
      throw ApiException.unsupportedMediaType(contentType);
    }
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip().toLowerCase(Locale.ROOT);
      if (parameter.startsWith("charset=") && !isUtf8(parameter.substring(8).replace("\"", ""))) {
        throw ApiException.unsupportedMediaType(contentType);
      }
    }
  }

  /** Whether {@code charset} names UTF-8, by any of its names ({@code utf8} too). */
  private static boolean isUtf8(String charset) {
    try {
      return Charset.isSupported(charset) && Charset.forName(charset).equals(UTF_8);
    } catch (IllegalCharsetNameException e) {
      return false; // not a name at all: not UTF-8
    }
  }

  private static long parseLength(String length) {
    try {
      return Long.parseLong(length.strip());
    } catch (NumberFormatException e) {
      throw new ApiException(400, "bad Content-Length: '" + length + "'");
    }
  }

  /** A JSON limit passed: the nesting depth, or a length in Jackson's words (no content). */
  private String beyondLimit(StreamConstraintsException e) {
    String problem = String.valueOf(e.getOriginalMessage());
    if (problem.startsWith("Document nesting depth")) {
      return "JSON nested too deeply: the limit is " + maxDepth + " levels";
    }
    int from = problem.indexOf(", from ");
    return "JSON beyond a limit: " + (from < 0 ? problem : problem.substring(0, from) + ")");
  }

  /** Jackson's problem and position without tokens or excerpts, which could echo a query. */
  private static String describe(JsonProcessingException e) {
    String problem = e.getOriginalMessage() == null ? "unreadable" : e.getOriginalMessage();
    int cut = problem.length();
    for (char stop : new char[] {'\'', '(', ':', '\n'}) {
      int at = problem.indexOf(stop);
      if (at > 0) {
        cut = Math.min(cut, at);
      }
    }
    String head = problem.substring(0, cut).strip();
    JsonLocation where = e.getLocation();
    return where == null ? head
        : head + " at line " + where.getLineNr() + ", column " + where.getColumnNr();
  }
}
