#include <cmath>
#include <vector>

namespace geo {

class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
};

class Circle : public Shape {
public:
    explicit Circle(double r) : r_(r) {}
    double area() const override {
        return M_PI * r_ * r_;
    }

private:
    double r_;
};

double total_area(const std::vector<Shape *> &shapes) {
    double sum = 0;
    for (const Shape *s : shapes) {
        sum += s->area();
    }
    return sum;
}

std::vector<int> Graph::neighbours(int v) const
{
    std::vector<int> out;
    for (int w : adj_[v]) {
        out.push_back(w);
    }
    return out;
}

template <typename T>
T max_of(T a, T b) {
    return a < b ? b : a;
}

}  // namespace geo
