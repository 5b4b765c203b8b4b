import Testing
@testable import KioskPostgres

@Suite("PostgresLocation parses libpq-style URLs")
struct PostgresLocationTests {
    @Test func tcpWithEverything() throws {
        let location = try PostgresLocation(url: "postgres://kiosk:s3cret@db.example.com:6543/payments?sslmode=require")
        #expect(location.user == "kiosk")
        #expect(location.password == "s3cret")
        #expect(location.endpoint == .tcp(host: "db.example.com", port: 6543))
        #expect(location.database == "payments")
        #expect(location.sslMode == .require)
    }

    @Test func defaultsToPort5432AndPrefer() throws {
        let location = try PostgresLocation(url: "postgresql://kiosk@localhost/kiosk")
        #expect(location.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(location.password == nil)
        #expect(location.sslMode == .prefer)
    }

    @Test func socketDirectoryAsHostParameter() throws {
        let location = try PostgresLocation(url: "postgres://kiosk@localhost:21529/kiosk?host=/tmp/kiosk-postgres.ab12")
        #expect(location.endpoint == .unixSocket(directory: "/tmp/kiosk-postgres.ab12", port: 21529))
        #expect(location.endpoint.socketPath == "/tmp/kiosk-postgres.ab12/.s.PGSQL.21529")
    }

    @Test func percentEncodedSocketPathAsHost() throws {
        let location = try PostgresLocation(url: "postgres://kiosk@%2Fvar%2Frun%2Fpostgresql/kiosk")
        #expect(location.endpoint == .unixSocket(directory: "/var/run/postgresql", port: 5432))
    }

    @Test func percentEncodedCredentialsAndIPv6() throws {
        let location = try PostgresLocation(url: "postgres://k%40iosk:p%3Aa%2Fss@[::1]:5433/kiosk?port=5434&sslmode=disable")
        #expect(location.user == "k@iosk")
        #expect(location.password == "p:a/ss")
        #expect(location.endpoint == .tcp(host: "::1", port: 5434))
        #expect(location.sslMode == .disable)
    }

    @Test func passwordWithUnencodedDelimitersStaysInsideTheCredentials() throws {
        let location = try PostgresLocation(url: "postgres://kiosk:a/b?c@host/kiosk")
        #expect(location.password == "a/b?c")
        #expect(location.endpoint == .tcp(host: "host", port: 5432))
    }

    @Test(arguments: [
        ("", PostgresLocationError.empty),
        ("mysql://kiosk@host/kiosk", .scheme("mysql")),
        ("kiosk@host/kiosk", .scheme("kiosk@host/kiosk")),
        ("postgres://host/kiosk", .missingUser),
        ("postgres://:pw@host/kiosk", .missingUser),
        ("postgres://kiosk@host", .missingDatabase),
        ("postgres://kiosk@host/", .missingDatabase),
        ("postgres://kiosk@host:0/kiosk", .port("0")),
        ("postgres://kiosk@host:65536/kiosk", .port("65536")),
        ("postgres://kiosk@host:54x/kiosk", .port("54x")),
        ("postgres://kiosk@/kiosk", .missingHost),
        ("postgres://kiosk@host/kiosk?sslmode=allow", .sslMode("allow")),
        ("postgres://kiosk@host/kiosk?user=other", .unknownParameter("user")),
        ("postgres://kiosk@host/kiosk?host", .malformedParameter("host")),
        ("postgres://kiosk@host/kiosk?host=tmp/dir", .socketDirectoryNotAbsolute("tmp/dir")),
        ("postgres://kiosk@host/kiosk?host=/tmp&sslmode=require", .sslOverSocket),
        ("postgres://kiosk@host/ki osk", .controlCharacters),
        ("postgres://kiosk@host/%zz", .badPercentEncoding(part: "database name")),
        ("postgres://kiosk@host/kiosk?schema=", .schema("")),
        ("postgres://kiosk@host/kiosk?schema=QA", .schema("QA")),
        ("postgres://kiosk@host/kiosk?schema=qa%3Bdrop", .schema("qa;drop")),
        ("postgres://kiosk@host/kiosk?schema=1st", .schema("1st")),
        ("postgres://kiosk@host/kiosk?schema=pg_catalog", .schema("pg_catalog")),
    ])
    func refusesNamingThePart(url: String, expected: PostgresLocationError) {
        #expect(throws: expected) { try PostgresLocation(url: url) }
    }

    @Test func refusesAnOverlongURL() {
        let url = "postgres://kiosk@host/" + String(repeating: "k", count: PostgresLocation.maximumURLLength)
        #expect(throws: PostgresLocationError.tooLong(length: url.utf8.count)) { try PostgresLocation(url: url) }
    }

    /// A schema names where the store's tables live, so one database can hold several stores.
    @Test func schemaParameterIsKeptShownAndQuoted() throws {
        let location = try PostgresLocation(url: "postgres://kiosk@host/kiosk?schema=qa_team_2&sslmode=disable")
        #expect(location.schema == "qa_team_2")
        #expect(location.quotedSchema == "\"qa_team_2\"")
        #expect(location.description == "postgres://kiosk@host:5432/kiosk?sslmode=disable&schema=qa_team_2")
        #expect(location.summary == "user kiosk, database kiosk, schema qa_team_2 on host host port 5432")
        #expect(location.with(database: "other").schema == "qa_team_2")
        #expect(try PostgresLocation(url: "postgres://kiosk@host/kiosk").schema == nil)
        #expect(PostgresLocation(user: "k", password: nil, endpoint: .tcp(host: "h", port: 1), database: "d",
                                 schema: "a\"b").quotedSchema == "\"a\"\"b\"")
    }

    @Test func descriptionAndMirrorRedactThePassword() throws {
        let location = try PostgresLocation(url: "postgres://kiosk:hunter2@localhost:21529/kiosk?host=/tmp/pg")
        #expect(location.description == "postgres://kiosk:***@localhost:21529/kiosk?host=/tmp/pg")
        #expect("\(location)".contains("hunter2") == false)
        #expect(String(reflecting: location).contains("hunter2") == false)
        var dumped = ""
        dump(location, to: &dumped)
        #expect(dumped.contains("hunter2") == false)
        #expect(location.summary == "user kiosk, database kiosk on socket /tmp/pg/.s.PGSQL.21529")
    }

    @Test(arguments: [
        "postgres://kiosk:hunter2@host:bad/kiosk",
        "postgres://kiosk:hunter2@host/kiosk?sslmode=nope",
        "postgres://kiosk:hunter2@/kiosk",
        "postgres://kiosk:hunter2%zz@host/kiosk",
        "postgres://kiosk:hunter2@host",
    ])
    func errorsNeverQuoteThePassword(url: String) {
        do {
            _ = try PostgresLocation(url: url)
            Issue.record("\(url) parsed")
        } catch {
            #expect(error.description.contains("hunter2") == false)
        }
    }
}
