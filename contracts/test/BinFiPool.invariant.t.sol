// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {BCNT} from "../src/BCNT.sol";
import {BinFiPool} from "../src/BinFiPool.sol";
import {BinFiPoolHandler, BlacklistUSDT} from "./handlers/BinFiPoolHandler.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice BinFiPool's money under random whole lifecycles, with recipients blacklisted by the
/// token at random times.
contract BinFiPoolInvariantTest is Test {
    BlacklistUSDT internal usdt;
    BCNT internal bcnt;
    BinFiPool internal pool;
    BinFiPoolHandler internal handler;
    address internal custody;
    address[] private targets;

    function setUp() public {
        address admin = makeAddr("admin");
        (address operator, uint256 operatorKey) = makeAddrAndKey("operator");
        custody = makeAddr("custody");
        vm.warp(1_700_000_000);
        usdt = new BlacklistUSDT();
        bcnt = new BCNT(admin);
        pool = new BinFiPool(IERC20(address(usdt)), IERC20(address(bcnt)), admin, operator, custody);
        handler = new BinFiPoolHandler(usdt, bcnt, pool, operator, operatorKey, admin);
        targets.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    /// @dev One invariant function (each costs a full campaign).
    /// - per round: deposits are what orders paid in; once matched, the refund period plus the
    ///   matched capital equal the deposits; what was distributed never exceeds what was funded;
    /// - members received (or are owed) exactly what the rounds distributed; the handler checks
    ///   on every claim and batch that each order got its units x rate rounded down for exactly
    ///   the periods its cursor passed (no period twice, none it had no part in);
    /// - the pool's USDT is exactly what it still owes (deposits of raising rounds, matched
    ///   capital not yet started, funded but undistributed periods, owed credits), custody
    ///   holds the started rounds' capital, and its BCNT is the locks not yet released plus
    ///   owed BCNT.
    function invariant_PoolAccounting() public view {
        uint256 usdtHeld;
        uint256 bcntHeld;
        uint256 atCustody;
        uint256 distributed;
        for (uint256 id = 1; id <= pool.fundCount(); id++) {
            BinFiPool.Accounts memory a = pool.accountsOf(id);
            BinFiPool.Status status = pool.getFund(id).status;
            assertEq(a.deposited, handler.ghostDeposited(id), "deposited equals what orders paid in");
            assertLe(a.distributed, a.funded, "payouts never exceed funding");
            if (status == BinFiPool.Status.Raising) {
                assertEq(pool.periodCount(id), 0, "no period while raising");
                usdtHeld += a.deposited;
            } else {
                assertEq(a.deposited, a.matchedValue + pool.getPeriod(id, 0).total, "refunds + matched = deposits");
                if (status == BinFiPool.Status.Matched) usdtHeld += a.matchedValue;
                else atCustody += a.matchedValue;
            }
            usdtHeld += a.funded - a.distributed;
            distributed += a.distributed;
            bcntHeld += a.bcntLocked - a.bcntReleased;
        }
        usdtHeld += pool.totalOwed(address(usdt));
        bcntHeld += pool.totalOwed(address(bcnt));
        assertEq(usdt.balanceOf(address(pool)), usdtHeld, "pool USDT is exactly what it owes");
        assertEq(usdt.balanceOf(custody), atCustody, "custody holds the started rounds' capital");
        assertEq(bcnt.balanceOf(address(pool)), bcntHeld, "pool BCNT is the locks not released");

        uint256 paid;
        for (uint256 i = 0; i < handler.actorCount(); i++) {
            paid += handler.ghostPaid(handler.actorAt(i));
        }
        assertEq(paid, distributed, "members received (or are owed) exactly what was distributed");
    }
}
