/// The OpenAPI parameter styles, spelled as the runtime's `ParameterStyle` cases (generated code writes
/// `style: .deepObject`); an unknown style in the description falls back to the location's default.
public enum ParameterStyleName: String, Sendable {
    case form, simple, label, matrix, spaceDelimited, pipeDelimited, deepObject
}
