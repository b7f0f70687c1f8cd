// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../utils/Test.sol";
import {TestUSDT} from "../../src/TestUSDT.sol";
import {BinFiPool} from "../../src/BinFiPool.sol";

/// @notice Drives BinFiPool through whole fund lifecycles: the operator creates funds, members
/// supply / take inside the window, time moves, the operator matches, members claim refunds and
/// redeem Rock, the operator pays redemptions and settles, members claim payouts. Every call only
/// acts when its preconditions hold (no reverts), and records what members actually received.
contract BinFiPoolHandler is Test {
    uint256 internal constant MAX_FUNDS = 4;

    TestUSDT public immutable usdt;
    BinFiPool public immutable pool;
    address public immutable operator;
    address[] internal actors;

    /// @notice Ghosts per fund: USDT paid in by orders, refunds and payouts received by members.
    mapping(uint256 fundId => uint256) public ghostDeposited;
    mapping(uint256 fundId => uint256) public ghostRefunded;
    mapping(uint256 fundId => uint256) public ghostPayoutsClaimed;

    /// @notice How many calls really acted (the rest found their preconditions unmet).
    uint256 public orders;
    uint256 public matches;
    uint256 public refunds;
    uint256 public redemptions;
    uint256 public redemptionPayments;
    uint256 public settlements;
    uint256 public payouts;

    constructor(TestUSDT usdt_, BinFiPool pool_, address operator_, address admin) {
        usdt = usdt_;
        pool = pool_;
        operator = operator_;
        string[3] memory names = ["member-0", "member-1", "member-2"];
        for (uint256 i = 0; i < names.length; i++) {
            address actor = makeAddr(names[i]);
            actors.push(actor);
            vm.prank(admin);
            usdt.mint(actor, 1e18);
            vm.prank(actor);
            usdt.approve(address(pool), type(uint256).max);
        }
        vm.prank(admin);
        usdt.mint(operator, 1e24);
        vm.prank(operator);
        usdt.approve(address(pool), type(uint256).max);
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    /// @dev 0 when there is no fund yet.
    function _fundId(uint256 seed) internal view returns (uint256) {
        uint256 count = pool.fundCount();
        return count == 0 ? 0 : 1 + (seed % count);
    }

    function createFund(uint256 price, uint256 capacity, uint256 window) external {
        if (pool.fundCount() >= MAX_FUNDS) return;
        price = bound(price, 1, 5_000e6);
        capacity = bound(capacity, 1, 30);
        window = bound(window, 1 hours, 3 days);
        uint64 start = uint64(block.timestamp);
        vm.prank(operator);
        // casting to uint64 is safe because window is bounded to at most 3 days
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.createFund(price, capacity, start, start + uint64(window), 30 days);
    }

    function order(uint256 actorSeed, uint256 fundSeed, uint256 units, bool rock) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0) return;
        BinFiPool.Fund memory f = pool.getFund(fundId);
        // forge-lint: disable-next-line(block-timestamp)
        if (f.status != BinFiPool.Status.Raising || block.timestamp < f.raiseStart || block.timestamp >= f.raiseEnd) {
            return;
        }
        uint256 left = f.capacity - (rock ? f.rockUnits : f.flameUnits);
        if (left == 0) return;
        units = bound(units, 1, left < 5 ? left : 5);
        address actor = _actor(actorSeed);
        vm.prank(actor);
        if (rock) pool.supply(fundId, units, "REF");
        else pool.take(fundId, units, "");
        ghostDeposited[fundId] += units * f.unitPrice;
        orders++;
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 2 days));
    }

    function matchFund(uint256 fundSeed) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0) return;
        BinFiPool.Fund memory f = pool.getFund(fundId);
        // forge-lint: disable-next-line(block-timestamp)
        if (f.status != BinFiPool.Status.Raising || block.timestamp < f.raiseEnd) return;
        vm.prank(operator);
        pool.matchFund(fundId);
        matches++;
    }

    function claimRefund(uint256 orderSeed) external {
        uint256 count = pool.orderCount();
        if (count == 0) return;
        uint256 orderId = orderSeed % count;
        BinFiPool.Order memory o = pool.getOrder(orderId);
        if (pool.getFund(o.fundId).status == BinFiPool.Status.Raising || o.refundClaimed) return;
        if (pool.matchedUnitsOf(orderId) == o.units) return;
        uint256 before = usdt.balanceOf(o.member);
        vm.prank(o.member);
        pool.claimRefund(orderId);
        ghostRefunded[o.fundId] += usdt.balanceOf(o.member) - before;
        refunds++;
    }

    function redeem(uint256 orderSeed) external {
        uint256 count = pool.orderCount();
        if (count == 0) return;
        uint256 orderId = orderSeed % count;
        BinFiPool.Order memory o = pool.getOrder(orderId);
        if (o.side != BinFiPool.Side.Rock || o.redeemed) return;
        if (pool.getFund(o.fundId).status != BinFiPool.Status.Matched || pool.matchedUnitsOf(orderId) == 0) return;
        vm.prank(o.member);
        pool.redeem(orderId);
        redemptions++;
    }

    function payRedemption(uint256 orderSeed, uint256 amount) external {
        uint256 count = pool.orderCount();
        if (count == 0) return;
        uint256 orderId = orderSeed % count;
        BinFiPool.Order memory o = pool.getOrder(orderId);
        if (!o.redeemed || o.redemptionPaid) return;
        amount = bound(amount, 0, 2 * o.units * pool.getFund(o.fundId).unitPrice);
        vm.prank(operator);
        pool.payRedemption(orderId, amount);
        redemptionPayments++;
    }

    function settle(uint256 fundSeed, uint256 rockPayout, uint256 flamePayout) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0) return;
        BinFiPool.Fund memory f = pool.getFund(fundId);
        if (f.status != BinFiPool.Status.Matched) return;
        rockPayout = bound(rockPayout, 0, 2 * f.unitPrice);
        flamePayout = bound(flamePayout, 0, 10 * f.unitPrice);
        vm.prank(operator);
        pool.settle(fundId, rockPayout, flamePayout);
        settlements++;
    }

    function claimPayout(uint256 orderSeed) external {
        uint256 count = pool.orderCount();
        if (count == 0) return;
        uint256 orderId = orderSeed % count;
        BinFiPool.Order memory o = pool.getOrder(orderId);
        if (pool.getFund(o.fundId).status != BinFiPool.Status.Settled || o.payoutClaimed || o.redeemed) return;
        if (pool.matchedUnitsOf(orderId) == 0) return;
        uint256 before = usdt.balanceOf(o.member);
        vm.prank(o.member);
        pool.claimPayout(orderId);
        ghostPayoutsClaimed[o.fundId] += usdt.balanceOf(o.member) - before;
        payouts++;
    }
}
