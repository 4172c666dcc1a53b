import Foundation
import XCTest

@testable import StyleLanguageServer

final class DocumentStoreTests: XCTestCase {
    func testIndexesAreBoundedWhateverIsOpen() {
        var store = DocumentStore()
        for i in 0..<(DocumentStore.maximumIndexes * 3) {
            let uri = "file:///d\(i).lua"
            store[uri] = DocumentStore.Entry(document: TextDocument(uri: uri, version: 1, text: "local a\(i) = mut(View.alpha, 1)"))
            XCTAssertNotNil(store.currentIndex(uri))
        }
        XCTAssertEqual(store.uris.count, DocumentStore.maximumIndexes * 3)
        XCTAssertEqual(store.indexCount, DocumentStore.maximumIndexes)
        XCTAssertNotNil(store.currentIndex("file:///d0.lua"), "an evicted index is parsed again")
    }
}
