// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {BinFiPool} from "../src/BinFiPool.sol";
import {BinFiPoolHandler} from "./handlers/BinFiPoolHandler.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice Per-fund USDT accounting of BinFiPool under random whole lifecycles.
contract BinFiPoolInvariantTest is Test {
    TestUSDT internal usdt;
    BinFiPool internal pool;
    BinFiPoolHandler internal handler;
    address internal custody;
    address[] private targets;

    function setUp() public {
        address admin = makeAddr("admin");
        address operator = makeAddr("operator");
        custody = makeAddr("custody");
        vm.warp(1_700_000_000);
        usdt = new TestUSDT(admin);
        pool = new BinFiPool(IERC20(address(usdt)), admin, operator, custody);
        handler = new BinFiPoolHandler(usdt, pool, operator, admin);
        targets.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    /// @dev One invariant function (each costs a full campaign). Per fund: deposited equals what
    /// orders paid in, and once matched deposited = matched + refundable + refunded (refunds paid
    /// out), with payouts claimed never above what the operator funded. Across funds the pool's
    /// USDT balance is exactly what it still owes, and custody holds the matched capital.
    function invariant_PoolAccounting() public view {
        uint256 owed;
        uint256 matchedTotal;
        for (uint256 id = 1; id <= pool.fundCount(); id++) {
            BinFiPool.Accounts memory a = pool.accountsOf(id);
            BinFiPool.Status status = pool.getFund(id).status;
            assertEq(a.deposited, handler.ghostDeposited(id), "deposited equals what orders paid in");
            assertEq(a.refunded, handler.ghostRefunded(id), "refunded equals what members received");
            assertEq(a.payoutClaimed, handler.ghostPayoutsClaimed(id), "payouts equal what members received");
            assertLe(a.payoutClaimed, a.payoutFunded, "payouts claimed never exceed the funding");
            if (status == BinFiPool.Status.Raising) {
                assertEq(a.matchedValue + a.refunded, 0, "nothing matched or refunded while raising");
                owed += a.deposited;
            } else {
                assertEq(
                    a.deposited,
                    a.matchedValue + pool.refundableOf(id) + a.refunded,
                    "deposited = matched + refundable + refunded"
                );
                owed += pool.refundableOf(id);
            }
            owed += a.payoutFunded - a.payoutClaimed;
            matchedTotal += a.matchedValue;
        }
        assertEq(usdt.balanceOf(address(pool)), owed, "pool balance is exactly what it owes");
        assertEq(usdt.balanceOf(custody), matchedTotal, "custody holds the matched capital");
    }
}
