package dev.relearn.eval.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON form of eval's records: snake_case keys, as every JSON output of relearn. */
public final class JsonMaps {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  private JsonMaps() {}

  /** {@code value}'s properties in order, nested records as maps. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> of(Object value) {
    return MAPPER.convertValue(value, LinkedHashMap.class);
  }
}
