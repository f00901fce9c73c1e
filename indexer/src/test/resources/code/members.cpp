#include <ostream>
#include <string>

class Money {
public:
    Money() = default;
    explicit Money(long cents) : cents_(cents) {}
    Money(const Money &other) = default;
    ~Money() {
        cents_ = 0;
    }
    bool operator==(const Money &o) const {
        return cents_ == o.cents_;
    }
    Money &operator=(const Money &o);
    operator bool() const {
        return cents_ != 0;
    }
    std::string str() const;

private:
    long cents_ = 0;
};

Money &Money::operator=(const Money &o) {
    cents_ = o.cents_;
    return *this;
}

std::ostream &operator<<(std::ostream &out, const Money &m) {
    return out << m.str();
}

class Ledger {
public:
    Ledger(std::string name, int capacity);
    ~Ledger();

private:
    std::string name_;
    int capacity_;
};

Ledger::Ledger(std::string name, int capacity)
    : name_(std::move(name)), capacity_(capacity) {
    Money zero;
    ensure(capacity_ > 0);
}

Ledger::~Ledger() {
    flush(name_);
}
