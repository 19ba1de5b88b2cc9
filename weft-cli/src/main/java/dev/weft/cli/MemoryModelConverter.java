package dev.weft.cli;

import dev.weft.trace.MemoryModel;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses "sc", "tso", "pso", "jmm" in any case. */
final class MemoryModelConverter implements ITypeConverter<MemoryModel> {
    @Override
    public MemoryModel convert(String value) {
        try {
            return MemoryModel.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not a memory model (sc, tso, pso or jmm)");
        }
    }
}
