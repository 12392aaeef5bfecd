import Testing

@testable import SetlistExchange

@Test func exchangeErrorListsEveryProblem() {
    let error: ExchangeError = .invalidDocument(source: "x.plsts", problems: ["first problem", "second problem"])
    #expect(error.description.contains("x.plsts"))
    #expect(error.description.contains("first problem"))
    #expect(error.description.contains("second problem"))
}
