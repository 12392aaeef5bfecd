import Testing
@testable import SetlistExchange

@Test func ExchangeErrorMessageSaysWhatToDo() {
    let error: ExchangeError = .invalidDocument(source
    #expect(error.description.contains( "x.plsts", problems: ["a", "b"]):"x.plsts"))
}
