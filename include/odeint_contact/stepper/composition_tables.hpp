// SPDX-License-Identifier: BSL-1.0
// odeint_contact/stepper/composition_tables.hpp
//
// Weight tables for symmetric compositions S(dt) = S2(g_1 dt) ... S2(g_m dt) of the symmetric
// second-order chi2 or cvi2 step (chi<Table>, cvi<Table>): single_stage, triple_jump4, suzuki4,
// yoshida6, kahan_li6, yoshida8, mclachlan8, kahan_li8, sofroniou_spaletta10. The table concept (a
// user's table too): static constexpr stages and order, and template <class Value> static
// std::array<Value, stages> weights(), palindromic and summing to 1 (doc/concepts.md,
// concepts/table.hpp).
// Weights: 50 digits, the printed ones refined on the order conditions
// (doc/derivations/composition_weights.py), so cpp_bin_float_50 keeps the order; the middle weight
// is 1 - 2 (g_1 + ... + g_n) in Value. Cost: one base step per stage. Which:
// doc/choosing_a_method.md.
// References: Yoshida, Phys. Lett. A 150 (1990) 262; Suzuki, Phys. Lett. A 146 (1990) 319;
// McLachlan, SIAM J. Sci. Comput. 16 (1995) 151; Kahan, Li, Math. Comp. 66 (1997) 1089; Sofroniou,
// Spaletta, Optim. Methods Softw. 20 (2005) 597; Hairer, Lubich, Wanner, GNI (2006), V.3.
#ifndef ODEINT_CONTACT_STEPPER_COMPOSITION_TABLES_HPP
#define ODEINT_CONTACT_STEPPER_COMPOSITION_TABLES_HPP

#include <array>
#include <cmath>
#include <cstddef>
#include <type_traits>

#include <odeint_contact/detail/composition_coefficients.hpp>

namespace odeint_contact {
namespace tables {

// The base step alone: chi2 and cvi2.
struct single_stage {
    static constexpr std::size_t stages = 1;
    static constexpr unsigned order = 2;
    template <class Value>
    static std::array<Value, stages> weights() {
        return {Value(1)};
    }
};

// The triple jump (Creutz-Gocksch 1989, Yoshida 1990): g_1 = 1/(2 - 2^{1/3}), order 4, 3 stages.
struct triple_jump4 {
    static constexpr std::size_t stages = 3;
    static constexpr unsigned order = 4;
    template <class Value>
    static std::array<Value, stages> weights() {
        using std::pow;
        const Value outer = Value(1) / (Value(2) - Value(pow(Value(2), Value(1) / Value(3))));
        return {outer, Value(1) - 2 * outer, outer};
    }
};

// Suzuki's fractal: g_1 = g_2 = 1/(4 - 4^{1/3}), order 4, 5 stages; no stage runs as far
// backwards as the triple jump's (-0.66 dt instead of -1.70 dt).
struct suzuki4 {
    static constexpr std::size_t stages = 5;
    static constexpr unsigned order = 4;
    template <class Value>
    static std::array<Value, stages> weights() {
        using std::pow;
        const Value outer = Value(1) / (Value(4) - Value(pow(Value(4), Value(1) / Value(3))));
        return {outer, outer, Value(1) - 4 * outer, outer, outer};
    }
};

// Yoshida (1990), solution A: order 6, 7 stages (middle 1.3151863206839112188842497282388625143519535061594).
struct yoshida6 {
    static constexpr std::size_t stages = 7;
    static constexpr unsigned order = 6;
    template <class Value>
    static std::array<Value, stages> weights() {
        static constexpr const char* outer[] = {
            "0.78451361047755726381949763386634987577682441745149",
            "0.23557321335935813368479318297853460168646808210340",
            "-1.1776799841788710069464156809643157346392692526346",
        };
        return detail::symmetric_weights<Value>(outer);
    }
};

// Kahan and Li (1997), s9odr6: order 6, 9 stages (middle 0.79854399093482996339895035304895815521139114065457).
struct kahan_li6 {
    static constexpr std::size_t stages = 9;
    static constexpr unsigned order = 6;
    template <class Value>
    static std::array<Value, stages> weights() {
        static constexpr const char* outer[] = {
            "0.39216144400731413927925055742267140380493426088798",
            "0.33259913678935943859974863750004964688158694434033",
            "-0.70624617255763935980996481954925645939551066682620",
            "0.082213596293550800231490448102056331103293891270607",
        };
        return detail::symmetric_weights<Value>(outer);
    }
};

// Yoshida (1990), solution D: order 8, 15 stages (middle 1.7084530707872815846683793622289778780468124102197).
struct yoshida8 {
    static constexpr std::size_t stages = 15;
    static constexpr unsigned order = 8;
    template <class Value>
    static std::array<Value, stages> weights() {
        static constexpr const char* outer[] = {
            "0.91484424622979156674879348984750960451811970872886",
            "0.25369333656621135414614602068994207609765316473247",
            "-1.4448522368606051576947306575373903549559101017955",
            "-0.15824063536805017520406677675975424775544511567575",
            "1.9381391376225259865791864874436417609535933574477",
            "-1.9606102329753108076076333763996636407924328198260",
            "0.10279984939179644069811513160122586291101560127844",
        };
        return detail::symmetric_weights<Value>(outer);
    }
};

// McLachlan (1995), s15odr8: order 8, 15 stages (middle -0.79688793935291635401978884017373305344633166341317).
struct mclachlan8 {
    static constexpr std::size_t stages = 15;
    static constexpr unsigned order = 8;
    template <class Value>
    static std::array<Value, stages> weights() {
        static constexpr const char* outer[] = {
            "0.74167036435061295344822780178380631560353651007986",
            "-0.40910082580003159399730009589356341730991783023481",
            "0.19075471029623837995387625645037166273546053987251",
            "-0.57386247111608226665638772663553574215950905433327",
            "0.29906418130365592384446354068860298822582288529462",
            "0.33462491824529818378495797988218228863369191631046",
            "0.31529309239676659663205666381100243099408086471721",
        };
        return detail::symmetric_weights<Value>(outer);
    }
};

// Kahan and Li (1997), s17odr8: order 8, 17 stages (middle -0.60550853383003451169892107933471858756264329768489).
struct kahan_li8 {
    static constexpr std::size_t stages = 17;
    static constexpr unsigned order = 8;
    template <class Value>
    static std::array<Value, stages> weights() {
        static constexpr const char* outer[] = {
            "0.13020248308889008087881763209670052235724723381457",
            "0.56116298177510838456196440770015056726615935434100",
            "-0.38947496264484728640807859823524838883606804677158",
            "0.15884190655515560089621074570715248141214780943123",
            "-0.39590389413323757733623153934793893602677148542677",
            "0.18453964097831570709183254153337546281898734415031",
            "0.25837438768632204729397910999493947181307620895217",
            "0.29501172360931029887096624021822811297654323035151",
        };
        return detail::symmetric_weights<Value>(outer);
    }
};

// Sofroniou and Spaletta (2005), s35odr10: order 10, 35 stages (middle 0.049317735759594537917680009260544122575055853425828).
struct sofroniou_spaletta10 {
    static constexpr std::size_t stages = 35;
    static constexpr unsigned order = 10;
    template <class Value>
    static std::array<Value, stages> weights() {
        static constexpr const char* outer[] = {
            "0.078795722521686419263907679338289606665525627664045",
            "0.31309610341510852776481247192025682146180252205119",
            "0.027918383235078066109520273265949447508711510702640",
            "-0.22959284159390709415121339680112270483693104314379",
            "0.13096206107716486317465685929215836354944768295577",
            "-0.26973340565451071434460973221728662364809934844878",
            "0.074973343155891435666137105639058713503758924554570",
            "0.11199342399981020488957508073726990527726687427582",
            "0.36613344954622675119314812353714694600902180723859",
            "-0.39910563013603589787862981058401555689608229209272",
            "0.10308739852747107731580276999450387228437500763457",
            "0.41143087395589023782070411897747778689794029774186",
            "-0.0048663605831352617621956593077424091247242613702880",
            "-0.39203335370863990644808193642998014162971907595043",
            "0.051942502962449647037182904831404243147260832269700",
            "0.050665090759924496335874342509694873941040713991406",
            "0.049674370639729879054568800666664794601876293212924",
        };
        return detail::symmetric_weights<Value>(outer);
    }
};

}  // namespace tables

namespace detail {
// chiN and cviN are chi<Table> and cvi<Table> over these four tables (chi2.hpp ... cvi8.hpp); the
// steppers name themselves in messages by the index N/2 of their table here, 0 for any other table.
template <class Table>
struct shell_index : std::integral_constant<std::size_t, 0> {};
template <>
struct shell_index<tables::single_stage> : std::integral_constant<std::size_t, 1> {};
template <>
struct shell_index<tables::triple_jump4> : std::integral_constant<std::size_t, 2> {};
template <>
struct shell_index<tables::yoshida6> : std::integral_constant<std::size_t, 3> {};
template <>
struct shell_index<tables::yoshida8> : std::integral_constant<std::size_t, 4> {};
}  // namespace detail
}  // namespace odeint_contact

#endif
